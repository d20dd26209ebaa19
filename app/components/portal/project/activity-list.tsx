import { Link } from "react-router";
import { activityText } from "~/lib/activity-text";
import { formatDateTime } from "~/lib/dates";

export interface ActivityView {
  id: string;
  kind: string;
  data: unknown;
  actorName: string | null;
  createdAt: Date | string;
  projectId: string | null;
  /** Shown when the list spans several projects (the dashboard). */
  projectTitle?: string | null;
}

/** Who did what, and when: newest first. */
export function ActivityList({
  items,
  label = "Activity",
}: {
  items: ActivityView[];
  label?: string;
}) {
  return (
    <ol className="space-y-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="text-sm">
          <p>
            <span className="font-medium">{item.actorName ?? "Someone"}</span>{" "}
            {activityText(item.kind, item.data)}
            {item.projectTitle && item.projectId ? (
              <>
                {" "}
                in{" "}
                <Link
                  to={`/portal/projects/${item.projectId}`}
                  className="underline underline-offset-4"
                >
                  {item.projectTitle}
                </Link>
              </>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={new Date(item.createdAt).toISOString()}>
              {formatDateTime(item.createdAt)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
