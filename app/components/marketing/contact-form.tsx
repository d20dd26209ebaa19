import { Send } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { contactSchema } from "~/lib/validation/leads";
import { Field, Honeypot, PopiaNotice } from "./form-field";
import { MarketingOptIn } from "./marketing-opt-in";
import { useLeadForm } from "./use-lead-form";

/** The contact message form; the /contact action keeps the message and sends the e-mails. */
export function ContactForm() {
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  const { fetcher, formRef, busy, onSubmit, control, errorFor, documentResult } = useLeadForm(
    "contact",
    contactSchema,
  );
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5 sm:grid-cols-2"
      aria-label="Send us a message"
    >
      <FormResult {...documentResult} className="sm:col-span-2" />
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

      <Field id={fid("phone")} label="Phone" optional error={errorFor("phone")}>
        <Input {...control("phone", fid("phone"))} type="tel" autoComplete="tel" maxLength={50} />
      </Field>

      <Field id={fid("company")} label="Company" optional error={errorFor("company")}>
        <Input
          {...control("company", fid("company"))}
          autoComplete="organization"
          maxLength={100}
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
          rows={6}
          maxLength={2000}
          placeholder="How can we help your business?"
        />
      </Field>

      <Honeypot />

      <div className="sm:col-span-2">
        <PopiaNotice purpose="contact" />
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
          {busy ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
