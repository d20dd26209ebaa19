import { CalendarDays, Clock } from "lucide-react";
import { Button } from "~/components/ui/button";
import { contactPage } from "~/content/contact-page";

/** The contact page's 'Schedule a Demo' block: its button opens the consultation's booking page. */
export function ScheduleDemo() {
  return (
    <section
      aria-labelledby="schedule-heading"
      className="rounded-xl border bg-band p-6 text-band-foreground shadow-sm md:p-8"
    >
      <CalendarDays className="mb-4 size-8" aria-hidden />
      <h2 id="schedule-heading" className="text-2xl font-bold tracking-tight">
        {contactPage.scheduleTitle}
      </h2>
      <p className="mt-2 inline-flex items-center gap-2 font-semibold">
        <Clock className="size-4" aria-hidden />
        30-minute consultation
      </p>
      <p className="mt-3 opacity-90">{contactPage.scheduleText}</p>
      <Button asChild size="lg" variant="inverse" className="mt-6 w-full sm:w-auto">
        <a href={contactPage.scheduleHref}>{contactPage.scheduleButton}</a>
      </Button>
    </section>
  );
}
