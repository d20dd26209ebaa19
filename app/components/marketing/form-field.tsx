import { Send } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { popiaNotice } from "~/content/contact";
import { MarketingOptIn } from "./marketing-opt-in";

/** What a lead form's details are used for (POPIA), with a link to the privacy policy. */
export function PopiaNotice({
  purpose,
}: {
  purpose: keyof Omit<typeof popiaNotice, "privacyLinkLabel">;
}) {
  return (
    <p className="rounded-md bg-muted px-4 py-3 text-sm text-muted-foreground">
      {popiaNotice[purpose]}{" "}
      <Link to="/legal/privacy" className="font-medium text-primary underline underline-offset-4">
        {popiaNotice.privacyLinkLabel}
      </Link>
      .
    </p>
  );
}

/** A field people leave empty and form-filling bots do not (quietly refused on the server). */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
/**
 * The end of a lead form: the honeypot, the POPIA notice, the marketing opt-in (POPIA section
 * 69; ticked again after a post without JavaScript that had it ticked) and the submit button.
 */
export function LeadFormEnd({
  purpose,
  submitLabel,
  busy,
  marketingChecked = false,
}: {
  purpose: keyof Omit<typeof popiaNotice, "privacyLinkLabel">;
  submitLabel: string;
  busy: boolean;
  marketingChecked?: boolean;
}) {
  return (
    <>
      <Honeypot />
      <div className="sm:col-span-2">
        <PopiaNotice purpose={purpose} />
      </div>
      <MarketingOptIn defaultChecked={marketingChecked} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          <Send aria-hidden />
          {busy ? "Sending..." : submitLabel}
        </Button>
      </div>
    </>
  );
}
