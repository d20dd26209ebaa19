import { describe, expect, it } from "vitest";
import { activityText, reviewItemText, reviewSubjectText } from "./activity-text";

describe("activity text", () => {
  it("says what happened for every kind the portal records", () => {
    const file = { kind: "file", fileId: "f", fileName: "Brief.pdf", version: 2 };
    const cases: [string, unknown, string][] = [
      ["project.created", { title: "Website" }, "created the project 'Website'"],
      [
        "project.updated",
        { changes: { status: { from: "active", to: "on-hold" }, progress: { from: 20, to: 35 } } },
        "changed the status from Active to On Hold; moved the progress from 20% to 35%",
      ],
      [
        "project.updated",
        { changes: { progressFromMilestones: { from: false, to: true } } },
        "took the progress from the milestones",
      ],
      ["project.deleted", { title: "Old" }, "deleted the project 'Old'"],
      ["message.sent", { subject: "Hello" }, "sent a message: Hello"],
      ["file.uploaded", { name: "Brief.pdf", version: 1 }, "uploaded Brief.pdf"],
      ["file.version", { name: "Brief.pdf", version: 2 }, "uploaded version 2 of Brief.pdf"],
      ["file.deleted", { name: "Brief.pdf" }, "deleted Brief.pdf"],
      ["milestone.created", { title: "Launch" }, "added the milestone 'Launch'"],
      [
        "milestone.updated",
        { title: "Launch", changes: { status: { from: "planned", to: "in-progress" } } },
        "marked the milestone 'Launch' as in progress",
      ],
      ["milestone.updated", { title: "Launch", changes: {} }, "updated the milestone 'Launch'"],
      ["milestone.deleted", { title: "Launch" }, "deleted the milestone 'Launch'"],
      ["approval.requested", { subject: file }, "marked Brief.pdf (version 2) ready for review"],
      ["approval.approved", { subject: file }, "approved Brief.pdf (version 2)"],
      [
        "approval.changes_requested",
        { subject: file, comment: "Bigger" },
        "requested changes to Brief.pdf (version 2): “Bigger”",
      ],
      ["something.new", {}, "made a change"],
    ];
    for (const [kind, data, text] of cases) expect(activityText(kind, data), kind).toBe(text);
  });

  it("names what a review was about, and survives odd data", () => {
    expect(reviewSubjectText({ kind: "milestone", title: "Launch" })).toBe(
      "the milestone 'Launch'",
    );
    expect(reviewSubjectText(null)).toBe("an item");
    // As an item of a list or a title it starts with a capital; a file's name is kept as it is.
    expect(reviewItemText({ kind: "milestone", title: "launch" })).toBe("The milestone 'launch'");
    expect(reviewItemText({ kind: "file", fileName: "logo.png", version: 2 })).toBe(
      "logo.png (version 2)",
    );
    expect(reviewItemText(null)).toBe("An item");
  });
});
