import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { reviewItemText } from "~/lib/activity-text";
import { formatDateTime } from "~/lib/dates";
import { ReviewAnswerText, ReviewBadge, type ReviewState } from "./review-controls";

export interface ReviewRecord extends ReviewState {
  subject: unknown;
  /** The agency's view: each WhatsApp message about it, and how far it got (decision 078). */
  whatsapp?: { id: string; name: string; status: string; at: Date | string | null }[];
}

/** Every review of the project and its answer: the record, newest first. */
export function ApprovalsSection({ reviews }: { reviews: ReviewRecord[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Approvals</CardTitle>
        <CardDescription>What was put up for review, and who answered and when.</CardDescription>
      </CardHeader>
      <CardContent>
        {reviews.length === 0 ? (
          <p className="text-muted-foreground">Nothing has been put up for review yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Approvals">
            {reviews.map((review) => (
              <li key={review.id} className="space-y-1 rounded-lg border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{reviewItemText(review.subject)}</span>
                  <ReviewBadge review={review} />
                </div>
                <p className="text-sm text-muted-foreground">
                  Ready for review since {formatDateTime(review.createdAt)}
                  {review.requestedByName ? `, marked by ${review.requestedByName}` : ""}
                </p>
                <ReviewAnswerText review={review} />
                {review.whatsapp && review.whatsapp.length > 0 ? (
                  <ul className="text-sm text-muted-foreground" aria-label="On WhatsApp">
                    {review.whatsapp.map((d) => (
                      <li key={d.id}>
                        On WhatsApp to {d.name}: {d.status}
                        {d.at ? ` (${formatDateTime(d.at)})` : ""}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
