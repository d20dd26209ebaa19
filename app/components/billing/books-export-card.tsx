import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  BOOKS_DEFAULTS,
  BOOKS_FORMAT_LABELS,
  BOOKS_FORMATS,
} from "~/lib/validation/billing-values";

/**
 * 'Export for the books' (administrators): for Xero and for Sage Business Cloud, a plain GET
 * form per system (works without JavaScript) with the period and the ledger codes, and a button
 * for each file: invoices and credit notes, or payments.
 */
export function BooksExportCard({ from, to }: { from: string; to: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Export for the books</CardTitle>
        <CardDescription>
          Invoices, credit notes and payments dated in a period, as CSV files in the layouts Xero
          and Sage Business Cloud import. Amounts are in rand, to the cent.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {BOOKS_FORMATS.map((format) => (
          <form
            key={format}
            method="get"
            action="/portal/billing/export.csv"
            aria-label={`Export for ${BOOKS_FORMAT_LABELS[format]}`}
            className="grid min-w-0 gap-4 border-t pt-4 first:border-t-0 first:pt-0 sm:grid-cols-2"
          >
            <h3 className="font-medium sm:col-span-2">{BOOKS_FORMAT_LABELS[format]}</h3>
            <input type="hidden" name="format" value={format} />
            <Field id={`books-${format}-from`} label="From">
              <Input name="from" type="date" required defaultValue={from} />
            </Field>
            <Field id={`books-${format}-to`} label="To">
              <Input name="to" type="date" required defaultValue={to} />
            </Field>
            <Field
              id={`books-${format}-account`}
              label={format === "xero" ? "Sales account code" : "Sales ledger account"}
            >
              <Input name="account" maxLength={20} defaultValue={BOOKS_DEFAULTS[format].account} />
            </Field>
            <Field id={`books-${format}-tax`} label="VAT rate name">
              <Input name="taxRate" maxLength={50} defaultValue={BOOKS_DEFAULTS[format].taxRate} />
            </Field>
            <div className="flex flex-wrap gap-3 sm:col-span-2">
              <Button
                type="submit"
                name="what"
                value="invoices"
                variant="outline"
                aria-label={`Invoices and credit notes (${BOOKS_FORMAT_LABELS[format]})`}
              >
                Invoices and credit notes
              </Button>
              <Button
                type="submit"
                name="what"
                value="payments"
                variant="outline"
                aria-label={`Payments (${BOOKS_FORMAT_LABELS[format]})`}
              >
                Payments
              </Button>
            </div>
          </form>
        ))}
      </CardContent>
    </Card>
  );
}
