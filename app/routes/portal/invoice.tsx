import { Form } from "react-router";
import { InvoiceDocument } from "~/components/billing/invoice-document";
import { BackLink } from "~/components/portal/back-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDate, todayInSouthAfrica } from "~/lib/dates";
import type { LiveHandle } from "~/lib/live-events";
import { formatRand } from "~/lib/money";
import { refusalFields } from "~/lib/refusal-fields";
import { portalMeta } from "~/lib/seo";
import {
  CREDIT_REASON_MAX,
  creditNoteSchema,
  INVOICE_STATE_LABELS,
  PAYFAST_PENDING,
  paymentDateBounds,
  paymentSchema,
} from "~/lib/validation/billing";
import { firstIssue } from "~/lib/validation/zod";
import { creditInvoice, getInvoice, INVOICE_NOT_FOUND } from "~/server/billing/invoices.server";
import {
  listPayments,
  owedText,
  payfastConfig,
  payNowForm,
  recordPayment,
} from "~/server/billing/payments.server";
import { now } from "~/server/clock.server";
import { env } from "~/server/env.server";
import { parseId } from "~/server/workspace/scope.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import { notFound } from "../refuse.server";
import type { Route } from "./+types/invoice";
import { billingViewer, requireBilling } from "./billing.server";
import { assertCanWrite, requireAdmin } from "./context.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  portalMeta(loaderData ? `Invoice ${loaderData.invoice.number}` : "Invoice", matches);

export const handle: LiveHandle = { live: ["billing"] };

/** A tax invoice's page: the invoice, its PDF, how to pay, and (administrators) its credit note. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireBilling(request);
  const id = parseId(params.id);
  const invoice = id ? await getInvoice(ctx.db, billingViewer(ctx), id, now()) : null;
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  const config = payfastConfig(env());
  const open = invoice.state !== "void" && invoice.state !== "paid";
  return {
    invoice,
    owed: owedText(invoice),
    payments: await listPayments(ctx.db, invoice.id),
    canCredit: ctx.isAdmin && !ctx.readOnly && invoice.state !== "void",
    canRecord: ctx.isAdmin && !ctx.readOnly && open,
    /** 'Pay now' (PayFast) for the client's contacts, when it is on and something is owed. */
    payNow:
      config && open && ctx.scope.kind === "client" && !ctx.readOnly
        ? payNowForm(config, invoice, env().BASE_URL)
        : null,
    today: todayInSouthAfrica(now()),
    /** 'Date paid': from a year before the invoice's date to today (the action's bounds). */
    paidOnBounds: paymentDateBounds(invoice.issuedOn, todayInSouthAfrica(now())),
    /** Back from PayFast's page (its return_url): the payment counts once its ITN is checked. */
    backFromPayfast: new URL(request.url).searchParams.get("paid") === "1",
  };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const id = parseId(params.id);
  if (!id) return failed(404, INVOICE_NOT_FOUND);
  const form = await readForm(request);
  if (form.intent === "record-payment") {
    const invoice = await getInvoice(ctx.db, billingViewer(ctx), id, now());
    if (!invoice) return failed(404, INVOICE_NOT_FOUND);
    const bounds = paymentDateBounds(invoice.issuedOn, todayInSouthAfrica(now()));
    const parsed = paymentSchema(bounds).safeParse(form);
    const values = {
      amount: form.amount ?? "",
      paidOn: form.paidOn ?? "",
      reference: form.reference ?? "",
    };
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      return failed(400, issue.message, { field: issue.field, values });
    }
    const paid = await recordPayment(
      ctx.db,
      ctx.user.id,
      id,
      {
        amountCents: parsed.data.amount,
        paidOn: parsed.data.paidOn,
        reference: parsed.data.reference,
      },
      now(),
    );
    if (!paid.ok) return failed(paid.status, paid.message, { values });
    return succeeded(
      paid.status === "paid" ? "Payment recorded: the invoice is paid" : "Payment recorded",
    );
  }
  if (form.intent !== "credit") return failed(400, UNKNOWN_ACTION);
  const parsed = creditNoteSchema.safeParse(form);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return failed(400, issue.message, {
      field: issue.field,
      values: { reason: form.reason ?? "" },
    });
  }
  const credited = await creditInvoice(ctx.db, ctx.user.id, id, parsed.data.reason, now());
  if (!credited.ok) return failed(credited.status, credited.message);
  return succeeded(`Credit note ${credited.number} issued: the invoice is void`);
}

export default function Invoice({ loaderData, actionData }: Route.ComponentProps) {
  const {
    invoice,
    owed,
    payments,
    canCredit,
    canRecord,
    payNow,
    today,
    paidOnBounds,
    backFromPayfast,
  } = loaderData;
  const result = actionData ?? null;
  const refused = result && !result.ok ? result : null;
  const { errorFor, typed } = refusalFields(refused);
  const pdf = `/portal/billing/invoices/${invoice.id}/pdf`;
  return (
    <div className="max-w-3xl space-y-6">
      <BackLink to="/portal/billing">Back to Billing</BackLink>
      <div className="space-y-2">
        <h1 className="break-words font-bold text-3xl tracking-tight">Invoice {invoice.number}</h1>
        <p className="break-words text-muted-foreground">{invoice.description}</p>
        <Badge variant={invoice.state === "overdue" ? "destructive" : "secondary"}>
          {INVOICE_STATE_LABELS[invoice.state]}
        </Badge>
      </div>
      {backFromPayfast && invoice.state !== "paid" ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          {PAYFAST_PENDING}
        </p>
      ) : null}
      <FormResult result={result} />
      <Card>
        <CardHeader layout="row" className="flex-wrap">
          <CardTitle as="h2">Invoice</CardTitle>
          <Button asChild variant="outline" size="sm">
            <a href={pdf} download>
              Download PDF
            </a>
          </Button>
        </CardHeader>
        <CardContent>
          <InvoiceDocument
            invoice={invoice}
            showBank={invoice.state !== "void" && invoice.state !== "paid"}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Payments</CardTitle>
          <CardDescription>
            {invoice.state === "void" ? "This invoice was credited." : `Still owed: ${owed}.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {payments.length === 0 ? (
            <p className="text-muted-foreground text-sm">No payments yet.</p>
          ) : (
            <ul className="divide-y text-sm">
              {payments.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="break-words">
                    {formatDate(p.paidOn)} · {p.method === "payfast" ? "PayFast" : "EFT"} ·{" "}
                    {p.reference}
                  </span>
                  <span>{formatRand(p.amountCents)}</span>
                </li>
              ))}
            </ul>
          )}
          {payNow ? (
            <form method="post" action={payNow.action}>
              {payNow.fields.map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Button type="submit">Pay now</Button>
            </form>
          ) : null}
          {canRecord ? (
            <Form
              method="post"
              id="record-payment"
              aria-label="Record payment"
              className="grid gap-4 border-t pt-4 sm:grid-cols-3"
            >
              <input type="hidden" name="intent" value="record-payment" />
              <Field id="payment-amount" label="Amount paid (R)" error={errorFor("amount")}>
                <Input
                  name="amount"
                  required
                  inputMode="decimal"
                  defaultValue={typed("amount", "")}
                />
              </Field>
              <Field id="payment-paidOn" label="Date paid" error={errorFor("paidOn")}>
                <Input
                  name="paidOn"
                  type="date"
                  required
                  min={paidOnBounds.min}
                  max={paidOnBounds.max}
                  defaultValue={typed("paidOn", today)}
                />
              </Field>
              <Field id="payment-reference" label="Reference" error={errorFor("reference")}>
                <Input
                  name="reference"
                  required
                  maxLength={100}
                  defaultValue={typed("reference", invoice.number)}
                />
              </Field>
              <div className="sm:col-span-3">
                <Button type="submit">Record payment</Button>
              </div>
            </Form>
          ) : null}
        </CardContent>
      </Card>
      {invoice.creditNote ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Credit note {invoice.creditNote.number}</CardTitle>
            <CardDescription>
              Issued {formatDate(invoice.creditNote.issuedOn)} for{" "}
              {formatRand(invoice.creditNote.totalCents)}: {invoice.creditNote.reason}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline" size="sm">
              <a href={`${pdf}?credit=1`} download>
                Download credit note PDF
              </a>
            </Button>
          </CardContent>
        </Card>
      ) : null}
      {canCredit ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Issue credit note</CardTitle>
            <CardDescription>
              An issued invoice is never edited: a credit note for its full amount voids it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="credit" />
              <Field id="credit-reason" label="Reason" error={errorFor("reason")}>
                <Input
                  name="reason"
                  required
                  maxLength={CREDIT_REASON_MAX}
                  defaultValue={typed("reason", "")}
                />
              </Field>
              <Button type="submit" variant="destructive">
                Issue credit note
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
