import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { TO_BE_CONFIRMED } from "~/lib/validation/billing-values";

export interface BusinessDetailsView {
  legalName: string | null;
  address: string | null;
  registrationNumber: string | null;
  vatNumber: string | null;
  bankName: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  paymentDays: number;
}

type TextKey = Exclude<keyof BusinessDetailsView, "paymentDays">;

const FIELDS: { name: TextKey; label: string; multiline?: boolean; inputMode?: "numeric" }[] = [
  { name: "legalName", label: "Legal name" },
  { name: "address", label: "Address", multiline: true },
  { name: "registrationNumber", label: "Company registration number" },
  { name: "vatNumber", label: "VAT number", inputMode: "numeric" },
  { name: "bankName", label: "Bank" },
  { name: "accountHolder", label: "Account holder" },
  { name: "accountNumber", label: "Account number", inputMode: "numeric" },
  { name: "branchCode", label: "Branch code", inputMode: "numeric" },
];

/**
 * Administrators: the business's legal and banking details printed on proposals and tax
 * invoices. A detail left empty reads 'To be confirmed' everywhere until it is filled in.
 */
export function BusinessDetailsCard({ details }: { details: BusinessDetailsView }) {
  const form = useFormOutcome({ intent: "business-details" });
  const typed = form.inline && !form.inline.ok ? form.inline.values : undefined;
  const errorField = form.inline && !form.inline.ok ? form.inline.field : undefined;
  const missing = FIELDS.filter((f) => f.name !== "registrationNumber" && !details[f.name]);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Business details</CardTitle>
        <CardDescription>
          Printed on every proposal and tax invoice, with the banking details for EFT payments.
          {missing.length > 0
            ? ` ${TO_BE_CONFIRMED}: ${missing.map((f) => f.label.toLowerCase()).join(", ")}.`
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="business-details" />
          {FIELDS.map((f) => {
            const value = typed?.[f.name] ?? details[f.name] ?? "";
            const error = errorField === f.name && form.inline && !form.inline.ok;
            return (
              <Field
                key={f.name}
                id={`business-${f.name}`}
                label={f.label}
                description={details[f.name] ? undefined : TO_BE_CONFIRMED}
                error={
                  error ? (form.inline?.ok === false ? form.inline.error : undefined) : undefined
                }
                className={f.multiline ? "sm:col-span-2" : undefined}
              >
                {f.multiline ? (
                  <Textarea name={f.name} rows={3} maxLength={500} defaultValue={value} />
                ) : (
                  <Input
                    name={f.name}
                    maxLength={200}
                    inputMode={f.inputMode}
                    defaultValue={value}
                  />
                )}
              </Field>
            );
          })}
          <Field id="business-paymentDays" label="Payment terms (days)">
            <Input
              name="paymentDays"
              type="number"
              min={0}
              max={90}
              required
              defaultValue={typed?.paymentDays ?? String(details.paymentDays)}
            />
          </Field>
          <div className="space-y-3 sm:col-span-2">
            <FormResult result={form.inline} />
            <Button type="submit" disabled={form.busy}>
              {form.busy ? "Saving..." : "Save business details"}
            </Button>
          </div>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
