import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { isPackageName, packageNames } from "~/content/packages";
import { quoteDateBounds } from "~/lib/dates";
import { LeadFormEnd } from "./form-field";
import { useLeadForm } from "./use-lead-form";

/**
 * The 'Request a Custom Quote' form. A 'Get Started' link to `?package=Growth#quote`
 * preselects that package. Submission is handled by the route's action.
 */
export function QuoteForm() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("package");
  const { key: navigationKey } = useLocation();
  const [bounds, setBounds] = useState<{ startMin: string; finishMin: string }>();
  // The start date sets the finish date's minimum. The controls are uncontrolled, so a package
  // or date chosen before the scripts arrived is kept; hydration adopts it (decision 016).
  const [startDate, setStartDate] = useState("");
  const selectRef = useRef<HTMLSelectElement>(null);
  const startRef = useRef<HTMLInputElement>(null);
  const firstRun = useRef(true);
  const { fetcher, formRef, busy, onSubmit, onFocus, control, errorFor, documentResult } =
    useLeadForm(
      "quote",
      (schemas) => schemas.quoteSchema,
      () => setStartDate(""),
    );

  // Dates depend on the clock, so they are set after hydration, never while prerendering; the
  // first day is South Africa's today, as the server checks it.
  useEffect(() => setStartDate(startRef.current?.value ?? ""), []);
  useEffect(() => setBounds(quoteDateBounds(startDate)), [startDate]);

  // Runs on every navigation, so 'Get Started' works again after the visitor changed the select;
  // on the first run, a package the visitor chose before hydration wins over the link's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigationKey marks a new click
  useEffect(() => {
    const select = selectRef.current;
    const chosenBefore = firstRun.current && Boolean(select?.value);
    firstRun.current = false;
    if (!select || chosenBefore || !isPackageName(requested)) return;
    select.value = requested;
    select.focus({ preventScroll: true });
  }, [requested, navigationKey]);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/pricing"
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      className="relative grid gap-5 sm:grid-cols-2"
      aria-label="Request a custom quote"
    >
      <FormResult {...documentResult} className="sm:col-span-2" />
      <p className="text-sm text-muted-foreground sm:col-span-2">All fields are required.</p>

      <Field label="Package" className="sm:col-span-2" error={errorFor("selectedPackage")}>
        <NativeSelect ref={selectRef} {...control("selectedPackage")}>
          <option value="">Select a package</option>
          {packageNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <Field label="Name" error={errorFor("name")}>
        <Input {...control("name")} autoComplete="name" maxLength={100} />
      </Field>

      <Field label="Email" error={errorFor("email")}>
        <Input {...control("email")} type="email" autoComplete="email" maxLength={255} />
      </Field>

      <Field label="Phone" error={errorFor("phone")} className="sm:col-span-2">
        <Input {...control("phone")} type="tel" autoComplete="tel" maxLength={50} />
      </Field>

      <Field label="Address" className="sm:col-span-2" error={errorFor("address")}>
        <Textarea {...control("address")} rows={3} autoComplete="street-address" maxLength={500} />
      </Field>

      <Field label="Project Start Date" error={errorFor("startDate")}>
        <Input
          ref={startRef}
          {...control("startDate")}
          type="date"
          min={bounds?.startMin}
          onChange={(e) => setStartDate(e.target.value)}
        />
      </Field>

      <Field
        label="Project Finish Date"
        description="Must be after the start date."
        error={errorFor("finishDate")}
      >
        <Input {...control("finishDate")} type="date" min={bounds?.finishMin} />
      </Field>

      <Field label="Message" className="sm:col-span-2" error={errorFor("message")}>
        <Textarea
          {...control("message")}
          rows={5}
          maxLength={2000}
          placeholder="What would you like to automate or build? Which systems do you use today?"
        />
      </Field>

      <LeadFormEnd
        purpose="quote"
        submitLabel="Request Quote"
        busy={busy}
        marketingChecked={control("marketing").defaultValue === "yes"}
      />
    </fetcher.Form>
  );
}
