import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { packages } from "~/content/packages";
import { centsToDecimal, formatRand } from "~/lib/money";
import { type FieldRefusal, refusalFields } from "~/lib/refusal-fields";
import {
  ITEM_DESCRIPTION_MAX,
  PROPOSAL_ITEM_KIND_LABELS,
  PROPOSAL_ITEM_KINDS,
  PROPOSAL_ITEM_ROWS,
  PROPOSAL_TERMS_MAX,
  PROPOSAL_TITLE_MAX,
  type ProposalItemKind,
} from "~/lib/validation/billing-values";

export interface ProposalFormValues {
  clientId: string | null;
  leadId: string | null;
  title: string;
  validUntil: string;
  terms: string;
  depositPercent: number;
  billingDay: number;
  recipientVatNumber?: string | null;
  items: {
    packageName: string | null;
    description: string;
    kind: ProposalItemKind;
    quantity: number;
    unitCents: number;
  }[];
}

const pricedPackages = packages.flatMap((p) =>
  p.price.kind === "from" ? [{ name: p.name, cents: p.price.monthlyCents }] : [],
);

const fieldName = (i: number, name: string) => `item${i}${name}`;

/** One field of line item `i`: its id, its label ('Line 2 price (R)') and its refusal. */
function LineField({
  i,
  part,
  label,
  errorFor,
  children,
}: {
  i: number;
  part: string;
  label: string;
  errorFor: (name: string) => string | undefined;
  children: ReactNode;
}) {
  return (
    <Field
      id={`item${i}-${part.toLowerCase()}`}
      label={`Line ${i + 1} ${label}`}
      error={errorFor(fieldName(i, part))}
    >
      {children}
    </Field>
  );
}

/**
 * The proposal form (administrators): client, title, lines (a package from the pricing page at
 * its price, or a custom item once-off or monthly), validity, deposit, billing day and terms. A
 * plain form: it posts without JavaScript, and a refusal comes back with what was typed.
 */
export function ProposalForm({
  values,
  clients,
  refused,
  submitLabel,
}: {
  values: ProposalFormValues;
  /** The clients to choose from (a new proposal); null when the client is fixed. */
  clients: { id: string; name: string }[] | null;
  refused: FieldRefusal | null;
  submitLabel: string;
}) {
  const { errorFor, typed: value } = refusalFields(refused);
  return (
    <Form method="post" className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="leadId" value={values.leadId ?? ""} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Proposal</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {clients ? (
            <Field id="proposal-client" label="Client" error={errorFor("clientId")}>
              <NativeSelect
                name="clientId"
                required
                defaultValue={value("clientId", values.clientId ?? "")}
              >
                <option value="">Choose a client</option>
                {clients.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : (
            <input type="hidden" name="clientId" value={values.clientId ?? ""} />
          )}
          <Field id="proposal-title" label="Title" error={errorFor("title")}>
            <Input
              name="title"
              required
              maxLength={PROPOSAL_TITLE_MAX}
              defaultValue={value("title", values.title)}
            />
          </Field>
          <Field id="proposal-validUntil" label="Valid until" error={errorFor("validUntil")}>
            <Input
              name="validUntil"
              type="date"
              required
              defaultValue={value("validUntil", values.validUntil)}
            />
          </Field>
          <Field
            id="proposal-depositPercent"
            label="Deposit (% of the once-off amount)"
            error={errorFor("depositPercent")}
          >
            <Input
              name="depositPercent"
              type="number"
              min={0}
              max={100}
              required
              defaultValue={value("depositPercent", String(values.depositPercent))}
            />
          </Field>
          <Field
            id="proposal-billingDay"
            label="Billing day of the month"
            description="Monthly invoices are issued on this day (1 to 28)."
            error={errorFor("billingDay")}
          >
            <Input
              name="billingDay"
              type="number"
              min={1}
              max={28}
              required
              defaultValue={value("billingDay", String(values.billingDay))}
            />
          </Field>
          <Field
            id="proposal-recipientVatNumber"
            label="Client VAT number"
            optional
            error={errorFor("recipientVatNumber")}
          >
            <Input
              name="recipientVatNumber"
              inputMode="numeric"
              maxLength={20}
              defaultValue={value("recipientVatNumber", values.recipientVatNumber ?? "")}
            />
          </Field>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Line items</CardTitle>
          <CardDescription>
            Choose a package at its price from the pricing page, or describe a custom item and its
            price excluding VAT. Empty lines are left out.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {Array.from({ length: PROPOSAL_ITEM_ROWS }, (_, i) => {
            const item = values.items[i];
            const n = i + 1;
            return (
              <fieldset
                key={n}
                className="grid gap-3 border-t pt-4 first:border-t-0 first:pt-0 sm:grid-cols-2"
              >
                <legend className="font-medium text-sm">Line {n}</legend>
                <LineField i={i} part="Package" label="package" errorFor={errorFor}>
                  <NativeSelect
                    name={fieldName(i, "Package")}
                    defaultValue={value(fieldName(i, "Package"), item?.packageName ?? "")}
                  >
                    <option value="">Custom item</option>
                    {pricedPackages.map((p) => (
                      <option key={p.name} value={p.name}>
                        {p.name} — {formatRand(p.cents)} monthly
                      </option>
                    ))}
                  </NativeSelect>
                </LineField>
                <LineField i={i} part="Description" label="description" errorFor={errorFor}>
                  <Input
                    name={fieldName(i, "Description")}
                    maxLength={ITEM_DESCRIPTION_MAX}
                    defaultValue={value(fieldName(i, "Description"), item?.description ?? "")}
                  />
                </LineField>
                <LineField i={i} part="Kind" label="billed" errorFor={errorFor}>
                  <NativeSelect
                    name={fieldName(i, "Kind")}
                    defaultValue={value(fieldName(i, "Kind"), item?.kind ?? "once-off")}
                  >
                    {PROPOSAL_ITEM_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {PROPOSAL_ITEM_KIND_LABELS[k]}
                      </option>
                    ))}
                  </NativeSelect>
                </LineField>
                <div className="grid grid-cols-2 gap-3">
                  <LineField i={i} part="Quantity" label="quantity" errorFor={errorFor}>
                    <Input
                      name={fieldName(i, "Quantity")}
                      inputMode="numeric"
                      defaultValue={value(
                        fieldName(i, "Quantity"),
                        item ? String(item.quantity) : "1",
                      )}
                    />
                  </LineField>
                  <LineField i={i} part="Price" label="price (R)" errorFor={errorFor}>
                    <Input
                      name={fieldName(i, "Price")}
                      inputMode="decimal"
                      defaultValue={value(
                        fieldName(i, "Price"),
                        item && !item.packageName ? centsToDecimal(item.unitCents) : "",
                      )}
                    />
                  </LineField>
                </div>
              </fieldset>
            );
          })}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Terms</CardTitle>
        </CardHeader>
        <CardContent>
          <Field id="proposal-terms" label="Terms" error={errorFor("terms")}>
            <Textarea
              name="terms"
              rows={5}
              maxLength={PROPOSAL_TERMS_MAX}
              defaultValue={value("terms", values.terms)}
            />
          </Field>
        </CardContent>
      </Card>
      <FormResult result={refused} />
      <Button type="submit">{submitLabel}</Button>
    </Form>
  );
}
