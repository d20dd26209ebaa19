import { MARKETING_FIELD, MARKETING_LABEL } from "~/lib/validation/privacy";

/**
 * The separate, unticked opt-in for marketing e-mail (POPIA section 69) on the lead forms and
 * sign-up. Leaving it empty changes nothing else about the form.
 */
export function MarketingOptIn({
  id,
  defaultChecked = false,
}: {
  id: string;
  defaultChecked?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={MARKETING_FIELD}
        value="yes"
        defaultChecked={defaultChecked}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <label htmlFor={id} className="text-sm leading-snug">
        {MARKETING_LABEL}
      </label>
    </div>
  );
}
