import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { MARKETING_FIELD, MARKETING_LABEL } from "~/lib/validation/privacy-values";

/**
 * The separate, unticked opt-in for marketing e-mail (POPIA section 69) on the lead forms and
 * sign-up. Leaving it empty changes nothing else about the form. A native checkbox in a `Field`,
 * so a tick given before hydration is kept.
 */
export function MarketingOptIn({
  id,
  defaultChecked = false,
  className,
}: {
  id?: string;
  defaultChecked?: boolean;
  className?: string;
}) {
  return (
    <Field id={id} label={MARKETING_LABEL} layout="checkbox" className={className}>
      <Checkbox name={MARKETING_FIELD} value="yes" defaultChecked={defaultChecked} />
    </Field>
  );
}
