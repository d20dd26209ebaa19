import { describe, expect, it } from "vitest";
import { progressFromMilestones, timelineStates } from "./milestones";

describe("milestones", () => {
  it("places each on the timeline: done, late, the next one, then upcoming", () => {
    const m = (status: "planned" | "in-progress" | "done", dueDate: string) => ({
      status,
      dueDate,
    });
    expect(
      timelineStates(
        [
          m("done", "2026-01-01"),
          m("in-progress", "2026-11-01"),
          m("planned", "2026-12-01"),
          m("planned", "2027-01-01"),
          m("done", "2027-02-01"),
        ],
        "2026-11-23",
      ),
    ).toEqual(["done", "late", "next", "upcoming", "done"]);
    // Due today is not late.
    expect(timelineStates([m("planned", "2026-11-23")], "2026-11-23")).toEqual(["next"]);
    expect(timelineStates([], "2026-11-23")).toEqual([]);
  });

  it("makes progress from the share done, in steps of 5", () => {
    expect(progressFromMilestones([])).toBe(0);
    expect(progressFromMilestones(["done", "planned", "planned"])).toBe(35);
    expect(progressFromMilestones(["done", "done", "in-progress"])).toBe(65);
    expect(progressFromMilestones(["done", "done"])).toBe(100);
    expect(progressFromMilestones(["planned", "in-progress"])).toBe(0);
  });
});
