import { Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useActionData, useLocation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { isPackageName, packageNames } from "~/content/packages";
import type { ActionResult } from "~/lib/action-result";
import { quoteDateBounds } from "~/lib/dates";
import { quoteSchema } from "~/lib/validation/leads";
import { Field, Honeypot, NativeSelect, PopiaNotice } from "./form-field";
import { MarketingOptIn } from "./marketing-opt-in";
import { useLeadForm } from "./use-lead-form";

/**
 * The 'Request a Custom Quote' form. A 'Get Started' link to `?package=Growth#quote`
 * preselects that package. Submission is handled by the route's action.
 */
export function QuoteForm() {
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("package");
  const { key: navigationKey } = useLocation();
  // After a post without JavaScript, the page comes back with what the visitor typed.
  const posted = useActionData<ActionResult>();
  const initial = posted && !posted.ok ? (posted.values ?? {}) : {};
  const [selectedPackage, setSelectedPackage] = useState(initial.selectedPackage ?? "");
  const [bounds, setBounds] = useState<{ startMin: string; finishMin: string }>();
  const [startDate, setStartDate] = useState(initial.startDate ?? "");
  const selectRef = useRef<HTMLSelectElement>(null);
  const { fetcher, formRef, busy, onSubmit, control, errorFor, documentResult } = useLeadForm(
    "quote",
    quoteSchema,
    () => {
      setSelectedPackage("");
      setStartDate("");
    },
  );

  // Dates depend on the clock, so they are set after hydration, never while prerendering; the
  // first day is South Africa's today, as the server checks it.
  useEffect(() => setBounds(quoteDateBounds(startDate)), [startDate]);

  // Runs on every navigation, so 'Get Started' works again after the visitor changed the select.
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigationKey marks a new click
  useEffect(() => {
    if (isPackageName(requested)) {
      setSelectedPackage(requested);
      selectRef.current?.focus({ preventScroll: true });
    }
  }, [requested, navigationKey]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/pricing"
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5 sm:grid-cols-2"
      aria-label="Request a custom quote"
    >
      <FormResult {...documentResult} className="sm:col-span-2" />
      <p className="text-sm text-muted-foreground sm:col-span-2">All fields are required.</p>

      <Field
        id={fid("package")}
        label="Package"
        className="sm:col-span-2"
        error={errorFor("selectedPackage")}
      >
        <NativeSelect
          ref={selectRef}
          {...control("selectedPackage", fid("package"))}
          defaultValue={undefined}
          value={selectedPackage}
          onChange={(e) => setSelectedPackage(e.target.value)}
        >
          <option value="">Select a package</option>
          {packageNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <Field id={fid("name")} label="Name" error={errorFor("name")}>
        <Input {...control("name", fid("name"))} autoComplete="name" maxLength={100} />
      </Field>

      <Field id={fid("email")} label="Email" error={errorFor("email")}>
        <Input
          {...control("email", fid("email"))}
          type="email"
          autoComplete="email"
          maxLength={255}
        />
      </Field>

      <Field id={fid("phone")} label="Phone" error={errorFor("phone")} className="sm:col-span-2">
        <Input {...control("phone", fid("phone"))} type="tel" autoComplete="tel" maxLength={50} />
      </Field>

      <Field
        id={fid("address")}
        label="Address"
        className="sm:col-span-2"
        error={errorFor("address")}
      >
        <Textarea
          {...control("address", fid("address"))}
          rows={3}
          autoComplete="street-address"
          maxLength={500}
        />
      </Field>

      <Field id={fid("start")} label="Project Start Date" error={errorFor("startDate")}>
        <Input
          {...control("startDate", fid("start"))}
          defaultValue={undefined}
          type="date"
          min={bounds?.startMin}
          value={startDate}
          onChange={(e) => setStartDate(e.target.value)}
        />
      </Field>

      <Field
        id={fid("finish")}
        label="Project Finish Date"
        hint="Must be after the start date."
        error={errorFor("finishDate")}
      >
        <Input
          {...control("finishDate", fid("finish"))}
          type="date"
          min={bounds?.finishMin}
          aria-describedby={
            errorFor("finishDate")
              ? `${fid("finish")}-error ${fid("finish")}-hint`
              : `${fid("finish")}-hint`
          }
        />
      </Field>

      <Field
        id={fid("message")}
        label="Message"
        className="sm:col-span-2"
        error={errorFor("message")}
      >
        <Textarea
          {...control("message", fid("message"))}
          rows={5}
          maxLength={2000}
          placeholder="What would you like to automate or build? Which systems do you use today?"
        />
      </Field>

      <Honeypot />

      <div className="sm:col-span-2">
        <PopiaNotice purpose="quote" />
      </div>

      <div className="sm:col-span-2">
        <MarketingOptIn
          id={fid("marketing")}
          defaultChecked={control("marketing", fid("marketing")).defaultValue === "yes"}
        />
      </div>

      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          <Send aria-hidden />
          {busy ? "Sending..." : "Request Quote"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
