/** Milestones, for both sides: where each stands on the timeline, and the progress they make. */
import type { MilestoneStatus } from "./validation/deliverables";

/** Where a milestone stands on the timeline: done, the next one, late, or later. */
export type TimelineState = "done" | "next" | "late" | "upcoming";

/**
 * Each milestone's place on the timeline (in their order) on `today` (YYYY-MM-DD, South
 * Africa's day): done; late when not done and past its due date; the first of the others is
 * next; the rest are upcoming.
 */
export function timelineStates(
  milestones: readonly { status: MilestoneStatus; dueDate: string }[],
  today: string,
): TimelineState[] {
  let nextTaken = false;
  return milestones.map((m) => {
    if (m.status === "done") return "done";
    if (m.dueDate < today) return "late";
    if (nextTaken) return "upcoming";
    nextTaken = true;
    return "next";
  });
}

/** The share of milestones done, in the progress slider's steps of 5 (no milestones: 0). */
export function progressFromMilestones(statuses: readonly MilestoneStatus[]): number {
  if (statuses.length === 0) return 0;
  const done = statuses.filter((s) => s === "done").length;
  return Math.round((done / statuses.length) * 20) * 5;
}
