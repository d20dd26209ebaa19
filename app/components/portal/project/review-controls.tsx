import { useState } from "react";
import { Check, MessageSquareWarning } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Textarea } from "~/components/ui/textarea";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDateTime } from "~/lib/dates";
import type { ReviewDecision } from "~/lib/validation/deliverables";

/** A review as the project page shows it (the latest of a file version or a milestone). */
export interface ReviewState {
  id: string;
  createdAt: Date | string;
  requestedByName: string | null;
  answer: {
    decision: ReviewDecision;
    comment: string | null;
    answeredByName: string | null;
    answeredAt: Date | string;
    channel?: "portal" | "whatsapp";
  } | null;
}

const reviewColours = {
  open: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  approved: "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-100",
  "changes-requested": "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
};

/** 'Ready for review', 'Approved' or 'Changes requested'. */
export function ReviewBadge({ review }: { review: ReviewState }) {
  const state = review.answer?.decision ?? "open";
  const label =
    state === "open" ? "Ready for review" : state === "approved" ? "Approved" : "Changes requested";
  return (
    <Badge variant="plain" className={reviewColours[state]}>
      {label}
    </Badge>
  );
}

/** Who answered, when, and their comment. */
export function ReviewAnswerText({ review }: { review: ReviewState }) {
  if (!review.answer) return null;
  const { decision, comment, answeredByName, answeredAt, channel } = review.answer;
  return (
    <p className="text-sm text-muted-foreground">
      {decision === "approved" ? "Approved" : "Changes requested"} by {answeredByName ?? "someone"}{" "}
      on {formatDateTime(answeredAt)}
      {channel === "whatsapp" ? " on WhatsApp" : ""}
      {comment ? <span className="mt-1 block text-foreground">“{comment}”</span> : null}
    </p>
  );
}

/** An administrator's 'Ready for review' on a file version or a milestone. */
export function ReadyForReviewButton({
  intent,
  idName,
  id,
  label,
}: {
  intent: "review-file" | "review-milestone";
  idName: "versionId" | "milestoneId";
  id: string;
  /** What it is about, for screen readers ("Brief.pdf version 2"). */
  label: string;
}) {
  const { fetcher, busy, inline } = useFormOutcome({ intent, instance: id });
  return (
    <fetcher.Form method="post" className="inline-flex flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        Ready for review<span className="sr-only">: {label}</span>
      </Button>
      <FormResult result={inline} />
    </fetcher.Form>
  );
}

/** A contact's 'Approve' and 'Request changes' (a dialog with the required comment). */
export function AnswerButtons({ reviewId, label }: { reviewId: string; label: string }) {
  const approve = useFormOutcome({ intent: "answer", instance: `${reviewId}-approve` });
  const [asking, setAsking] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <approve.fetcher.Form method="post">
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <input type="hidden" name="decision" value="approved" />
        <Button type="submit" size="sm" disabled={approve.busy}>
          <Check aria-hidden />
          Approve<span className="sr-only"> {label}</span>
        </Button>
      </approve.fetcher.Form>
      <Button type="button" size="sm" variant="outline" onClick={() => setAsking(true)}>
        <MessageSquareWarning aria-hidden />
        Request changes<span className="sr-only"> to {label}</span>
      </Button>
      <FormResult result={approve.inline} />
      <RequestChangesDialog
        open={asking}
        onOpenChange={setAsking}
        reviewId={reviewId}
        label={label}
      />
    </div>
  );
}

function RequestChangesDialog({
  open,
  onOpenChange,
  reviewId,
  label,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reviewId: string;
  label: string;
}) {
  const { fetcher, busy, result } = useFormOutcome({
    intent: "answer",
    instance: `${reviewId}-changes`,
    onSuccess: () => onOpenChange(false),
  });
  const error = result && !result.ok && result.field === "comment" ? result.error : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request changes</DialogTitle>
          <DialogDescription>Say what should change in {label}.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="reviewId" value={reviewId} />
          <input type="hidden" name="decision" value="changes-requested" />
          <Field label="Comment *" error={error}>
            <Textarea name="comment" rows={4} maxLength={2000} required />
          </Field>
          <DialogFormFooter
            submitLabel="Request changes"
            busyLabel="Sending..."
            busy={busy}
            onCancel={() => onOpenChange(false)}
            result={result}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
