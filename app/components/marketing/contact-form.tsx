import { Send } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { Field, PopiaNotice } from "./form-field";

/** The contact message form. Submission is handled by the route's action. */
export function ContactForm() {
  const id = useId();
  const fid = (name: string) => `${id}-${name}`;
  return (
    <Form method="post" className="grid gap-5 sm:grid-cols-2" aria-label="Send us a message">
      <Field id={fid("name")} label="Name">
        <Input id={fid("name")} name="name" autoComplete="name" maxLength={100} />
      </Field>

      <Field id={fid("email")} label="Email">
        <Input id={fid("email")} name="email" type="email" autoComplete="email" maxLength={255} />
      </Field>

      <Field id={fid("phone")} label="Phone" optional>
        <Input id={fid("phone")} name="phone" type="tel" autoComplete="tel" maxLength={50} />
      </Field>

      <Field id={fid("company")} label="Company" optional>
        <Input id={fid("company")} name="company" autoComplete="organization" maxLength={100} />
      </Field>

      <Field id={fid("message")} label="Message" className="sm:col-span-2">
        <Textarea
          id={fid("message")}
          name="message"
          rows={6}
          maxLength={2000}
          placeholder="How can we help your business?"
        />
      </Field>

      <div className="sm:col-span-2">
        <PopiaNotice purpose="contact" />
      </div>

      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <Send aria-hidden />
          Send Message
        </Button>
      </div>
    </Form>
  );
}
