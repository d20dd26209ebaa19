import { Badge } from "~/components/ui/badge";
import {
  PRIORITY_LABELS,
  type ProjectPriority,
  type ProjectStatus,
  STATUS_LABELS,
} from "~/lib/validation/project-values";

// Spec colours (active green, completed blue, on-hold yellow, cancelled red, other grey;
// urgent red, high orange, medium yellow, low green), in shades that keep AA contrast.
const statusColours: Record<string, string> = {
  active: "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-100",
  completed: "bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-100",
  "on-hold": "bg-yellow-100 text-yellow-900 dark:bg-yellow-900/60 dark:text-yellow-100",
  cancelled: "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
};
const priorityColours: Record<string, string> = {
  urgent: "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
  high: "bg-orange-100 text-orange-900 dark:bg-orange-900/60 dark:text-orange-100",
  medium: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900/60 dark:text-yellow-100",
  low: "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-100",
};
const grey = "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100";

export function StatusBadge({ status }: { status: ProjectStatus | string }) {
  return (
    <Badge variant="plain" className={statusColours[status] ?? grey}>
      {STATUS_LABELS[status as ProjectStatus] ?? status}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: ProjectPriority | string }) {
  return (
    <Badge variant="plain" className={priorityColours[priority] ?? grey}>
      {PRIORITY_LABELS[priority as ProjectPriority] ?? priority}
      <span className="sr-only"> priority</span>
    </Badge>
  );
}
