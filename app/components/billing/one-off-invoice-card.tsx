import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { refusalFields } from "~/lib/refusal-fields";
import { INVOICE_DESCRIPTION_MAX } from "~/lib/validation/billing-values";

/** Administrators: a one-off tax invoice for a client, issued at once. */
export function OneOffInvoiceCard({ clients }: { clients: { id: string; name: string }[] }) {
  const form = useFormOutcome({ intent: "one-off-invoice" });
  const refused = form.inline && !form.inline.ok ? form.inline : null;
  const { errorFor, typed } = refusalFields(refused);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">New invoice</CardTitle>
        <CardDescription>
          A one-off tax invoice, issued at once with the next invoice number. Enter the amount
          excluding VAT.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="one-off-invoice" />
          <Field id="invoice-client" label="Client" error={errorFor("clientId")}>
            <NativeSelect name="clientId" required defaultValue={typed("clientId", "")}>
              <option value="">Choose a client</option>
              {clients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="invoice-description" label="Description" error={errorFor("description")}>
            <Input
              name="description"
              required
              maxLength={INVOICE_DESCRIPTION_MAX}
              defaultValue={typed("description", "")}
            />
          </Field>
          <Field id="invoice-amount" label="Amount excluding VAT (R)" error={errorFor("amount")}>
            <Input name="amount" required inputMode="decimal" defaultValue={typed("amount", "")} />
          </Field>
          <Field
            id="invoice-recipientVatNumber"
            label="Client VAT number"
            optional
            error={errorFor("recipientVatNumber")}
          >
            <Input
              name="recipientVatNumber"
              inputMode="numeric"
              maxLength={20}
              defaultValue={typed("recipientVatNumber", "")}
            />
          </Field>
          <div className="space-y-3 sm:col-span-2">
            <FormResult result={form.inline} />
            <Button type="submit" disabled={form.busy}>
              {form.busy ? "Issuing..." : "Issue invoice"}
            </Button>
          </div>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
