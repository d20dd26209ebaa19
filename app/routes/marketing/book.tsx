import { hydrateOnUse } from "~/components/hydrate-on-use";
import type { BookingFailure } from "~/components/marketing/booking-details-form";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { SlotPicker } from "~/components/marketing/slot-picker";
import { FormResult } from "~/components/ui/form-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { notFoundMeta, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/book";
import { handleBooking, loadBookPage } from "./book.server";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return notFoundMeta;
  return pageMeta({
    title: `Book a ${loaderData.type.name}`,
    description: `Choose a free time for a ${loaderData.type.name} with our team (${loaderData.type.minutes} minutes).`,
    path: `/book/${loaderData.type.slug}`,
    noindex: true,
  });
};

export function loader({ request, params }: Route.LoaderArgs) {
  return loadBookPage(request, params.type);
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export function action({ request, params }: Route.ActionArgs) {
  return handleBooking(request, params.type);
}

/** The details form's code loads when it is first used (decision 113). */
const BookingDetailsForm = hydrateOnUse(() =>
  import("~/components/marketing/booking-details-form").then((m) => m.BookingDetailsForm),
);

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { type, picker } = loaderData;
  const failure = (actionData as BookingFailure | undefined) ?? null;
  const values = failure?.values ?? {};
  const day = values.day || picker.day;
  const time = values.time || picker.time;
  const showForm = Boolean(day && time && (picker.time || failure));
  const base = `/book/${type.slug}`;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero
        title={`Book a ${type.name}`}
        intro={`${type.minutes} minutes with one of our specialists. ${type.location}.`}
      />
      <Section>
        <Container width="narrow" className="grid gap-8">
          {picker.problem && !failure ? (
            <FormResult result={{ ok: false, error: picker.problem }} />
          ) : null}
          <SlotPicker
            base={base}
            days={picker.days}
            later={picker.later}
            from={picker.from}
            day={picker.day}
            slots={picker.slots}
            time={picker.time}
          />
          {showForm && day && time ? (
            <BookingDetailsForm typeName={type.name} day={day} time={time} failure={failure} />
          ) : null}
        </Container>
      </Section>
    </main>
  );
}
