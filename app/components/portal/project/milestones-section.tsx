import { useState } from "react";
import {
  ArrowDown,
  ArrowUp,
  CheckCircle2,
  Circle,
  CircleAlert,
  CircleDot,
  Pencil,
  Plus,
  Trash2,
} from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogFormFooter, FormDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { DialogOpener, useRequestedDialog } from "~/components/ui/no-js-dialog";
import { Textarea } from "~/components/ui/textarea";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDate } from "~/lib/dates";
import { type TimelineState, timelineStates } from "~/lib/milestones";
import { refusalFields } from "~/lib/refusal-fields";
import { cn } from "~/lib/utils";
import {
  MILESTONE_STATUS_LABELS,
  MILESTONE_STATUSES,
  type MilestoneStatus,
} from "~/lib/validation/deliverables-values";
import type { Viewer } from "./files-section";
import {
  AnswerButtons,
  ReadyForReviewButton,
  ReviewAnswerText,
  ReviewBadge,
  type ReviewState,
} from "./review-controls";

export interface MilestoneView {
  id: string;
  title: string;
  description: string | null;
  dueDate: string;
  status: MilestoneStatus;
}

const stateText: Record<TimelineState, string> = {
  done: "Done",
  next: "Next",
  late: "Late",
  upcoming: "Upcoming",
};
const stateIcon = {
  done: CheckCircle2,
  next: CircleDot,
  late: CircleAlert,
  upcoming: Circle,
};
const stateColour: Record<TimelineState, string> = {
  done: "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-100",
  next: "bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-100",
  late: "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
  upcoming: "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100",
};

export function MilestonesSection({
  milestones,
  reviewsByMilestone,
  viewer,
  today,
  progressFromMilestones,
}: {
  milestones: MilestoneView[];
  reviewsByMilestone: Record<string, ReviewState>;
  viewer: Viewer;
  /** South Africa's day, from the server, so that the page renders the same on both sides. */
  today: string;
  progressFromMilestones: boolean;
}) {
  const [editing, setEditing] = useState<MilestoneView | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<MilestoneView | null>(null);
  const manage = viewer.isAdmin && !viewer.readOnly;
  const states = timelineStates(milestones, today);
  // A milestone dialog asked for by the address (pressed before the scripts ran, decision 142).
  const asked = useRequestedDialog();
  const askedMilestone = asked?.item ? milestones.find((m) => m.id === asked.item) : undefined;
  const inPlace = !manage ? null : asked?.name === "add-milestone" ? (
    <MilestoneFormDialog open onOpenChange={() => {}} milestone={null} today={today} inline />
  ) : asked?.name === "edit-milestone" && askedMilestone ? (
    <MilestoneFormDialog
      open
      onOpenChange={() => {}}
      milestone={askedMilestone}
      today={today}
      inline
    />
  ) : asked?.name === "delete-milestone" && askedMilestone ? (
    <DeleteMilestoneDialog milestone={askedMilestone} onClose={() => {}} inline />
  ) : null;

  return (
    <Card id="milestones">
      <CardHeader layout="row" gap="roomy" className="flex-wrap">
        <div className="space-y-1.5">
          <CardTitle as="h2">Milestones</CardTitle>
          <CardDescription>
            {progressFromMilestones
              ? "The project's progress comes from these milestones."
              : "What is done, what is next and what is late."}
          </CardDescription>
        </div>
        {manage ? (
          <div className="flex flex-wrap items-center gap-2">
            <ProgressSourceSwitch on={progressFromMilestones} />
            <DialogOpener
              dialog="add-milestone"
              onOpen={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              <Plus aria-hidden />
              Add milestone
            </DialogOpener>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {inPlace}
        {milestones.length === 0 ? (
          <p className="text-muted-foreground">No milestones yet.</p>
        ) : (
          <ol className="relative space-y-4 border-l-2 border-border pl-6" aria-label="Milestones">
            {milestones.map((m, index) => {
              const state = states[index] ?? "upcoming";
              const Icon = stateIcon[state];
              const review = reviewsByMilestone[m.id];
              const open = review && !review.answer;
              return (
                <li key={m.id} className="relative">
                  <Icon
                    className={cn(
                      "absolute top-0.5 -left-[2.05rem] size-5 rounded-full bg-card",
                      state === "done"
                        ? "text-green-700 dark:text-green-400"
                        : state === "late"
                          ? "text-red-700 dark:text-red-400"
                          : "text-muted-foreground",
                    )}
                    aria-hidden
                  />
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="space-y-1">
                      <h3 className="font-semibold">{m.title}</h3>
                      <p className="text-sm text-muted-foreground">
                        Due {formatDate(m.dueDate)} · {MILESTONE_STATUS_LABELS[m.status]}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="plain" className={stateColour[state]}>
                        {stateText[state]}
                      </Badge>
                      {review ? <ReviewBadge review={review} /> : null}
                    </div>
                  </div>
                  {m.description ? (
                    <p className="mt-2 text-sm whitespace-pre-line">{m.description}</p>
                  ) : null}
                  {review?.answer ? (
                    <div className="mt-2">
                      <ReviewAnswerText review={review} />
                    </div>
                  ) : null}
                  {open && !viewer.isAdmin && !viewer.readOnly ? (
                    <div className="mt-2">
                      <AnswerButtons reviewId={review.id} label={`the milestone ${m.title}`} />
                    </div>
                  ) : null}
                  {manage ? (
                    <div className="mt-2 flex flex-wrap items-center gap-1">
                      {!open ? (
                        <ReadyForReviewButton
                          intent="review-milestone"
                          idName="milestoneId"
                          id={m.id}
                          label={m.title}
                        />
                      ) : null}
                      <MoveButton id={m.id} direction="up" title={m.title} disabled={index === 0} />
                      <MoveButton
                        id={m.id}
                        direction="down"
                        title={m.title}
                        disabled={index === milestones.length - 1}
                      />
                      <DialogOpener
                        variant="ghost"
                        size="icon-xs"
                        dialog="edit-milestone"
                        item={m.id}
                        onOpen={() => {
                          setEditing(m);
                          setFormOpen(true);
                        }}
                      >
                        <Pencil aria-hidden />
                        <span className="sr-only">Edit {m.title}</span>
                      </DialogOpener>
                      <DialogOpener
                        variant="ghost"
                        size="icon-xs"
                        dialog="delete-milestone"
                        item={m.id}
                        onOpen={() => setDeleting(m)}
                      >
                        <Trash2 aria-hidden />
                        <span className="sr-only">Delete {m.title}</span>
                      </DialogOpener>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
      {manage ? (
        <>
          <MilestoneFormDialog
            key={editing?.id ?? "new"}
            open={formOpen}
            onOpenChange={setFormOpen}
            milestone={editing}
            today={today}
          />
          <DeleteMilestoneDialog milestone={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </Card>
  );
}

/** 'Progress from milestones': a switch that posts its new state. */
function ProgressSourceSwitch({ on }: { on: boolean }) {
  const { fetcher, busy, inline } = useFormOutcome({ intent: "progress-source" });
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="progress-source" />
      <input type="hidden" name="on" value={on ? "false" : "true"} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        disabled={busy}
        className={cn(
          "inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60",
          on ? "bg-primary" : "bg-input",
        )}
      >
        <span className="sr-only">Progress from milestones</span>
        <span
          aria-hidden
          className={cn(
            "block size-5 rounded-full bg-background shadow transition-transform",
            on ? "translate-x-5" : "translate-x-0",
          )}
        />
      </button>
      <span className="text-sm" aria-hidden>
        Progress from milestones
      </span>
      <FormResult result={inline} />
    </fetcher.Form>
  );
}

function MoveButton({
  id,
  direction,
  title,
  disabled,
}: {
  id: string;
  direction: "up" | "down";
  title: string;
  disabled: boolean;
}) {
  const { fetcher, busy } = useFormOutcome({
    intent: "move-milestone",
    instance: `${id}-${direction}`,
  });
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="move-milestone" />
      <input type="hidden" name="milestoneId" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <Button type="submit" variant="ghost" size="icon-xs" disabled={disabled || busy}>
        <Icon aria-hidden />
        <span className="sr-only">
          Move {title} {direction}
        </span>
      </Button>
    </fetcher.Form>
  );
}

function MilestoneFormDialog({
  open,
  onOpenChange,
  milestone,
  today,
  inline = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  milestone: MilestoneView | null;
  today: string;
  /** In place (the address asked for it): a refusal keeps what was typed. */
  inline?: boolean;
}) {
  const intent = milestone ? "update-milestone" : "create-milestone";
  const { fetcher, busy, result } = useFormOutcome({
    intent,
    onSuccess: () => onOpenChange(false),
  });
  const refused = result && !result.ok ? result : null;
  const errorFor = (field: string) => (refused?.field === field ? refused.error : undefined);
  const { typed } = refusalFields(inline ? refused : null);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={milestone ? "Edit milestone" : "Add milestone"}
      description={
        milestone ? "Change this milestone." : "A step of the project, with its due date."
      }
      inline={inline}
    >
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {milestone ? <input type="hidden" name="milestoneId" value={milestone.id} /> : null}
        <Field label="Title *" error={errorFor("title")}>
          <Input
            name="title"
            required
            maxLength={200}
            defaultValue={typed("title", milestone?.title ?? "")}
          />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Due date *" error={errorFor("dueDate")}>
            <Input
              name="dueDate"
              type="date"
              required
              defaultValue={typed("dueDate", milestone?.dueDate ?? today)}
            />
          </Field>
          <Field label="Status" error={errorFor("status")}>
            <NativeSelect
              name="status"
              defaultValue={typed("status", milestone?.status ?? "planned")}
            >
              {MILESTONE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {MILESTONE_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label="Description" optional error={errorFor("description")}>
          <Textarea
            name="description"
            rows={3}
            maxLength={2000}
            defaultValue={typed("description", milestone?.description ?? "")}
          />
        </Field>
        <DialogFormFooter
          submitLabel={milestone ? "Save" : "Add"}
          busyLabel="Saving..."
          busy={busy}
          onCancel={() => onOpenChange(false)}
          result={result}
        />
      </fetcher.Form>
    </FormDialog>
  );
}

function DeleteMilestoneDialog({
  milestone,
  onClose,
  inline = false,
}: {
  milestone: MilestoneView | null;
  onClose: () => void;
  /** In place, a form that posts without JavaScript (the address asked for it). */
  inline?: boolean;
}) {
  const { fetcher, busy, result } = useFormOutcome({
    intent: "delete-milestone",
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open={milestone !== null}
      onClose={onClose}
      busy={busy}
      result={result}
      title="Delete milestone?"
      description={milestone ? `The milestone '${milestone.title}' will be deleted.` : ""}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={() => {
        if (milestone)
          fetcher.submit(
            { intent: "delete-milestone", milestoneId: milestone.id },
            { method: "post" },
          );
      }}
      inline={
        inline && milestone
          ? { fields: { intent: "delete-milestone", milestoneId: milestone.id } }
          : null
      }
    />
  );
}
