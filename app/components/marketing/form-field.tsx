import { Send } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { popiaNotice } from "~/content/contact";
import { cn } from "~/lib/utils";

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

/** The outcome of a form posted without JavaScript. */
export function FormOutcome({
  message,
}: {
  message: { tone: "success" | "error"; title: string; text: string } | null;
}) {
  if (!message) return null;
  return (
    <div
      role={message.tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md border px-4 py-3 text-sm sm:col-span-2",
        message.tone === "error"
          ? "border-destructive/50 bg-destructive/5 text-foreground"
          : "border-green-700/40 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
      )}
    >
      <p className="font-semibold">{message.title}</p>
      <p>{message.text}</p>
    </div>
  );
}

/** The end of a lead form: the honeypot, the POPIA notice and the submit button. */
export function LeadFormEnd({
  purpose,
  submitLabel,
  busy,
}: {
  purpose: keyof Omit<typeof popiaNotice, "privacyLinkLabel">;
  submitLabel: string;
  busy: boolean;
}) {
  return (
    <>
      <Honeypot />
      <div className="sm:col-span-2">
        <PopiaNotice purpose={purpose} />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          <Send aria-hidden />
          {busy ? "Sending..." : submitLabel}
        </Button>
      </div>
    </>
  );
}
