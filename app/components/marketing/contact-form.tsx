import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { LeadFormEnd } from "./form-field";
import { useLeadForm } from "./use-lead-form";

/** The contact message form; the /contact action keeps the message and sends the e-mails. */
export function ContactForm() {
  const { fetcher, formRef, busy, onSubmit, onFocus, control, errorFor, documentResult } =
    useLeadForm("contact", (schemas) => schemas.contactSchema);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      className="relative grid gap-5 sm:grid-cols-2"
      aria-label="Send us a message"
    >
      <FormResult {...documentResult} className="sm:col-span-2" />
      <Field label="Name" error={errorFor("name")}>
        <Input {...control("name")} autoComplete="name" maxLength={100} />
      </Field>

      <Field label="Email" error={errorFor("email")}>
        <Input {...control("email")} type="email" autoComplete="email" maxLength={255} />
      </Field>

      <Field label="Phone" optional error={errorFor("phone")}>
        <Input {...control("phone")} type="tel" autoComplete="tel" maxLength={50} />
      </Field>

      <Field label="Company" optional error={errorFor("company")}>
        <Input {...control("company")} autoComplete="organization" maxLength={100} />
      </Field>

      <Field label="Message" className="sm:col-span-2" error={errorFor("message")}>
        <Textarea
          {...control("message")}
          rows={6}
          maxLength={2000}
          placeholder="How can we help your business?"
        />
      </Field>

      <LeadFormEnd
        purpose="contact"
        submitLabel="Send Message"
        busy={busy}
        marketingChecked={control("marketing").defaultValue === "yes"}
      />
    </fetcher.Form>
  );
}
