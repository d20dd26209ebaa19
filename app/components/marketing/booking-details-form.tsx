import { CalendarCheck } from "lucide-react";
import { Honeypot, PopiaNotice } from "~/components/marketing/form-field";
import { MarketingOptIn } from "~/components/marketing/marketing-opt-in";
import { dayLabel } from "~/components/marketing/slot-picker";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

export type BookingFailure = {
  ok: false;
  error: string;
  field?: string;
  values?: Record<string, string>;
  next?: { day: string; time: string }[];
};

/**
 * '3. Your details' of a booking page, for the time chosen: a plain form posted to the page
 * (with or without JavaScript); after a refused post, what was typed, the message beside its
 * field and the next free times.
 */
export function BookingDetailsForm({
  typeName,
  day,
  time,
  failure,
}: {
  typeName: string;
  day: string;
  time: string;
  failure: BookingFailure | null;
}) {
  const values = failure?.values ?? {};
  const errorFor = (name: string) => (failure?.field === name ? failure.error : undefined);
  return (
    <section aria-labelledby="details-heading" className="rounded-xl border bg-card p-6">
      <h2 id="details-heading" className="text-xl font-bold tracking-tight">
        3. Your details
      </h2>
      <p className="mt-1 mb-4 text-muted-foreground">
        {typeName} on {dayLabel(day)} at {time} (South African time).
      </p>
      <form
        method="post"
        className="relative grid gap-5 sm:grid-cols-2"
        aria-label="Book this time"
      >
        <FormResult result={failure} className="sm:col-span-2" />
        {failure?.next && failure.next.length > 0 ? (
          <fieldset className="sm:col-span-2">
            <legend className="font-medium">Choose another time</legend>
            <div className="mt-2 grid gap-2 min-[400px]:grid-cols-2">
              {failure.next.map((n, i) => (
                <label
                  key={`${n.day}T${n.time}`}
                  className="flex min-h-11 items-center gap-2 rounded-md border px-3"
                >
                  <input
                    type="radio"
                    name="slot"
                    value={`${n.day}T${n.time}`}
                    defaultChecked={i === 0}
                  />
                  {dayLabel(n.day)} at {n.time}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <input type="hidden" name="day" value={day} />
        <input type="hidden" name="time" value={time} />
        <Field label="Name" error={errorFor("name")}>
          <Input name="name" defaultValue={values.name} autoComplete="name" maxLength={100} />
        </Field>
        <Field label="Email" error={errorFor("email")}>
          <Input
            name="email"
            type="email"
            defaultValue={values.email}
            autoComplete="email"
            maxLength={255}
          />
        </Field>
        <Field label="Phone" error={errorFor("phone")}>
          <Input
            name="phone"
            type="tel"
            defaultValue={values.phone}
            autoComplete="tel"
            maxLength={50}
          />
        </Field>
        <Field label="Company" optional error={errorFor("company")}>
          <Input
            name="company"
            defaultValue={values.company}
            autoComplete="organization"
            maxLength={100}
          />
        </Field>
        <Field
          label="What would you like to discuss?"
          className="sm:col-span-2"
          error={errorFor("topic")}
        >
          <Textarea name="topic" defaultValue={values.topic} rows={4} maxLength={2000} />
        </Field>
        <Honeypot />
        <div className="sm:col-span-2">
          <PopiaNotice purpose="booking" />
        </div>
        <MarketingOptIn defaultChecked={values.marketing === "yes"} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            <CalendarCheck aria-hidden />
            Book this time
          </Button>
        </div>
      </form>
    </section>
  );
}
