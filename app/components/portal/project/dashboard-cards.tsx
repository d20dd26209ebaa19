import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { reviewItemText } from "~/lib/activity-text";
import { formatDateTime } from "~/lib/dates";
import { ActivityList, type ActivityView } from "./activity-list";

export interface PendingReviewView {
  id: string;
  projectId: string;
  projectTitle: string;
  subject: unknown;
  createdAt: Date | string;
}

/**
 * The dashboard's deliverables: what waits for the client's answer ('Pending approvals') and the
 * latest activity across everything the person can see. On a phone the two are items of the
 * dashboard's column (`contents`): pending approvals right under the greeting, the activity
 * last; on a wide screen they sit side by side at the end.
 */
export function DeliverablesCards({
  pending,
  activity,
}: {
  pending: PendingReviewView[];
  activity: ActivityView[];
}) {
  return (
    <div className="contents lg:order-last lg:grid lg:grid-cols-2 lg:gap-4">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">Pending approvals</CardTitle>
        </CardHeader>
        <CardContent>
          {pending.length === 0 ? (
            <p className="text-muted-foreground">Nothing is waiting for review.</p>
          ) : (
            <ul className="space-y-3" aria-label="Pending approvals">
              {pending.map((review) => (
                <li key={review.id} className="text-sm">
                  <Link
                    to={`/portal/projects/${review.projectId}`}
                    className="font-medium underline-offset-4 hover:underline"
                  >
                    {reviewItemText(review.subject)}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {review.projectTitle} · ready for review since{" "}
                    {formatDateTime(review.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card className="order-last min-w-0 lg:order-none">
        <CardHeader>
          <CardTitle as="h2">Latest activity</CardTitle>
        </CardHeader>
        <CardContent>
          {activity.length === 0 ? (
            <p className="text-muted-foreground">Nothing has happened yet.</p>
          ) : (
            <ActivityList items={activity} label="Latest activity" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
