import { Link } from "react-router";
import { Label } from "~/components/ui/label";
import { popiaNotice } from "~/content/contact";
import { cn } from "~/lib/utils";

/** A visible label above its control, with an optional hint. */
export function Field({
  id,
  label,
  optional = false,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  /** The validation message for this field, shown beside it. */
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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

/** Native <select> styled like the Input primitive. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
        className,
      )}
      {...props}
    />
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
