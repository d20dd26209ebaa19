import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatRand } from "~/lib/money";
import { refusalFields } from "~/lib/refusal-fields";
import { INVOICE_DESCRIPTION_MAX, INVOICE_DRAFT_LABEL } from "~/lib/validation/billing-values";

/** What the one-off invoice's fields start with (a draft's values, or empty). */
export interface OneOffInvoiceValues {
  clientId: string;
  description: string;
  amount: string;
  recipientVatNumber: string;
}

const EMPTY: OneOffInvoiceValues = {
  clientId: "",
  description: "",
  amount: "",
  recipientVatNumber: "",
};

/**
 * The one-off invoice's fields (the New invoice card and a draft's page): client, description,
 * amount excluding VAT and the client's VAT number, showing what was typed after a refusal.
 */
export function OneOffInvoiceFields({
  clients,
  refusal,
  values = EMPTY,
}: {
  clients: { id: string; name: string }[];
  refusal: Parameters<typeof refusalFields>[0];
  values?: OneOffInvoiceValues;
}) {
  const { errorFor, typed } = refusalFields(refusal);
  return (
    <>
      <Field id="invoice-client" label="Client" error={errorFor("clientId")}>
        <NativeSelect name="clientId" required defaultValue={typed("clientId", values.clientId)}>
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
          defaultValue={typed("description", values.description)}
        />
      </Field>
      <Field id="invoice-amount" label="Amount excluding VAT (R)" error={errorFor("amount")}>
        <Input
          name="amount"
          required
          inputMode="decimal"
          defaultValue={typed("amount", values.amount)}
        />
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
          defaultValue={typed("recipientVatNumber", values.recipientVatNumber)}
        />
      </Field>
    </>
  );
}

/**
 * Administrators: a one-off tax invoice for a client, issued at once ('Issue invoice', the
 * first button, so Enter issues) or kept as a draft to finish later ('Save as draft').
 */
export function OneOffInvoiceCard({ clients }: { clients: { id: string; name: string }[] }) {
  const form = useFormOutcome({ intent: "one-off-invoice" });
  const refused = form.inline && !form.inline.ok ? form.inline : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">New invoice</CardTitle>
        <CardDescription>
          A one-off tax invoice, issued at once with the next invoice number, or saved as a draft
          (no number, not shown to the client) to issue later. Enter the amount excluding VAT.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="one-off-invoice" />
          <OneOffInvoiceFields clients={clients} refusal={refused} />
          <div className="space-y-3 sm:col-span-2">
            <FormResult result={form.inline} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="save" value="issue" disabled={form.busy}>
                {form.busy ? "Saving..." : "Issue invoice"}
              </Button>
              <Button
                type="submit"
                name="save"
                value="draft"
                variant="outline"
                disabled={form.busy}
              >
                Save as draft
              </Button>
            </div>
          </div>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** Administrators: the one-off invoices not yet issued, each opening its page. */
export function InvoiceDraftsCard({
  drafts,
  showClient,
}: {
  drafts: { id: string; clientName: string; description: string; amountCents: number }[];
  showClient: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Draft invoices</CardTitle>
        <CardDescription>
          Not issued yet: a draft has no number and the client does not see it. Open one to change,
          issue or delete it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {drafts.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <Link
                  to={`/portal/billing/drafts/${d.id}`}
                  className="break-words font-medium text-primary hover:underline"
                >
                  {d.description}
                </Link>
                <p className="text-muted-foreground text-sm">
                  {showClient ? `${d.clientName} · ` : ""}
                  {formatRand(d.amountCents)} excl. VAT
                </p>
              </div>
              <Badge variant="outline">{INVOICE_DRAFT_LABEL}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
