import { CalendarCheck } from "lucide-react";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { dayLabel, SlotPicker } from "~/components/marketing/slot-picker";
import { Button } from "~/components/ui/button";
import { FormResult } from "~/components/ui/form-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { pageMeta } from "~/lib/seo";
import { BOOKING_STATUS_LABELS, BOOKING_TEXT } from "~/lib/validation/booking-values";
import type { Route } from "./+types/booking";
import { handleManage, loadManagePage } from "./book.server";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Your meeting",
    description: "See, move or cancel the meeting you booked with us.",
    path: "/booking",
    noindex: true,
  });

export function loader({ request, params }: Route.LoaderArgs) {
  return loadManagePage(request, params.token);
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export function action({ request, params }: Route.ActionArgs) {
  return handleManage(request, params.token);
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { meeting, picker, problem, view, notice } = loaderData;
  const failure = actionData as { ok: false; error: string } | undefined;
  if (!meeting) {
    return (
      <main id="main" tabIndex={-1} className="outline-none">
        <PageHero title="Your meeting" intro="Move or cancel the meeting you booked." />
        <Section>
          <Container width="narrow" className="grid gap-4">
            <FormResult result={{ ok: false, error: problem ?? BOOKING_TEXT.linkInvalid }} />
            <p>
              <a href="/contact" className="text-primary underline underline-offset-4">
                Contact us or book another time
              </a>
            </p>
          </Container>
        </Section>
      </main>
    );
  }
  const base = `/booking/${meeting.token}`;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero
        title={meeting.status === "cancelled" ? "Your meeting is cancelled" : "Your meeting"}
        intro={`${meeting.typeName} with our team.`}
      />
      <Section>
        <Container width="narrow" className="grid gap-8">
          <ManageNotice status={meeting.status} notice={notice} />
          <FormResult result={failure} />
          <section aria-labelledby="meeting-heading" className="rounded-xl border bg-card p-6">
            <h2 id="meeting-heading" className="text-xl font-bold tracking-tight">
              {meeting.typeName}
            </h2>
            <dl className="mt-4 grid gap-2 sm:grid-cols-[8rem_1fr]">
              <dt className="font-medium">When</dt>
              <dd>
                {meeting.when} (South African time), {meeting.minutes} minutes
              </dd>
              <dt className="font-medium">Where</dt>
              <dd>{meeting.location}</dd>
              <dt className="font-medium">Name</dt>
              <dd>{meeting.name}</dd>
              <dt className="font-medium">Status</dt>
              <dd>{BOOKING_STATUS_LABELS[meeting.status]}</dd>
            </dl>
            {meeting.open ? (
              <p className="mt-6 flex flex-wrap gap-3">
                <Button asChild variant="outline">
                  <a href={`${base}?action=move`}>Move this meeting</a>
                </Button>
                <Button asChild variant="outline">
                  <a href={`${base}?action=cancel`}>Cancel this meeting</a>
                </Button>
              </p>
            ) : null}
          </section>

          {view === "cancel" ? <CancelForm /> : null}
          {picker ? (
            <>
              {picker.problem ? <FormResult result={{ ok: false, error: picker.problem }} /> : null}
              <SlotPicker
                base={base}
                extra={{ action: "move" }}
                days={picker.days}
                later={picker.later}
                from={picker.from}
                day={picker.day}
                slots={picker.slots}
                time={picker.time}
              />
              {picker.day && picker.time ? (
                <form method="post" aria-label="Move this meeting" className="grid gap-3">
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="day" value={picker.day} />
                  <input type="hidden" name="time" value={picker.time} />
                  <p>
                    Move your meeting to {dayLabel(picker.day)} at {picker.time}?
                  </p>
                  <div>
                    <Button type="submit">
                      <CalendarCheck aria-hidden />
                      Move my meeting
                    </Button>
                  </div>
                </form>
              ) : null}
            </>
          ) : null}
        </Container>
      </Section>
    </main>
  );
}

function ManageNotice({ status, notice }: { status: string; notice: string | null }) {
  if (notice === "booked" && status === "confirmed") {
    return (
      <FormResult
        result={{
          ok: true,
          success:
            "We've e-mailed you the invitation (meeting.ics) with links to move or cancel it.",
        }}
        title={BOOKING_TEXT.booked}
      />
    );
  }
  if (notice === "moved") {
    return (
      <FormResult
        result={{
          ok: true,
          success: "Your meeting has been moved. We've e-mailed you the new time.",
        }}
      />
    );
  }
  if (notice === "cancelled") {
    return (
      <FormResult
        result={{
          ok: true,
          success: "Your meeting has been cancelled. We've e-mailed you to confirm.",
        }}
      />
    );
  }
  return null;
}

function CancelForm() {
  return (
    <form
      method="post"
      aria-label="Cancel this meeting"
      className="grid gap-3 rounded-xl border p-6"
    >
      <input type="hidden" name="intent" value="cancel" />
      <p>Cancel this meeting? The time becomes free for others.</p>
      <div>
        <Button type="submit" variant="destructive">
          Cancel my meeting
        </Button>
      </div>
    </form>
  );
}
