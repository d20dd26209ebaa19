import { X } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import type { UploadItem } from "./use-uploads";

/**
 * One upload's row: its name, its progress, and once done or failed a button to dismiss it
 * (`dismissText`: "Remove" where dismissing takes the file back, a message's attachment).
 */
export function UploadRow({
  item,
  onDismiss,
  dismissText = "Dismiss",
}: {
  item: UploadItem;
  onDismiss: () => void;
  dismissText?: string;
}) {
  const percent = Math.round(item.sent * 100);
  const status =
    item.state === "waiting"
      ? "Waiting"
      : item.state === "uploading"
        ? `${percent}%`
        : item.state === "done"
          ? "Uploaded"
          : "Failed";
  return (
    <li className="space-y-1 rounded-md border px-3 py-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium">{item.name}</span>
        <span className="flex shrink-0 items-center gap-2">
          <span className="tabular-nums text-muted-foreground">{status}</span>
          {item.state === "done" || item.state === "failed" ? (
            <Button variant="ghost" size="icon-xs" onClick={onDismiss}>
              <X aria-hidden />
              <span className="sr-only">
                {dismissText} {item.name}
              </span>
            </Button>
          ) : null}
        </span>
      </div>
      <Progress
        value={item.state === "done" ? 100 : item.state === "failed" ? 0 : percent}
        aria-label={`Uploading ${item.name}`}
      />
      {item.state === "failed" && item.message ? (
        <p role="alert" className="text-destructive">
          {item.message}
        </p>
      ) : null}
    </li>
  );
}
