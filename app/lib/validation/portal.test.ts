import { describe, expect, it } from "vitest";
import { messageSchema, projectSchema } from "./portal";

describe("progress (issue 18: only plain decimal whole numbers)", () => {
  it.each(["1e2", "0x14", "0b101", "0o17", " 2e1", "+20", "20.0", "Infinity", "1_0"])(
    "refuses %j",
    (progress) => {
      const result = projectSchema.safeParse({ title: "T", progress });
      expect(result.success).toBe(false);
    },
  );

  it.each([
    ["0", 0],
    ["20", 20],
    ["100", 100],
    [" 35 ", 35],
    [45, 45],
  ])("accepts %j", (progress, expected) => {
    expect(projectSchema.parse({ title: "T", progress }).progress).toBe(expected);
  });

  it("keeps its messages for a number out of range or between steps", () => {
    expect(projectSchema.safeParse({ title: "T", progress: "105" }).error?.issues[0]?.message).toBe(
      "Progress must be between 0 and 100",
    );
    expect(projectSchema.safeParse({ title: "T", progress: "12" }).error?.issues[0]?.message).toBe(
      "Progress moves in steps of 5",
    );
    expect(projectSchema.safeParse({ title: "T", progress: "abc" }).error?.issues[0]?.message).toBe(
      "Progress must be a number",
    );
  });
});

describe("bidirectional overrides in titles (issue 18)", () => {
  it.each(["202E", "202D", "202A", "202B", "202C", "2066", "2067", "2068", "2069"])(
    "refuses U+%s in a project title and a message subject",
    (hex) => {
      const char = String.fromCodePoint(Number.parseInt(hex, 16));
      const title = projectSchema.safeParse({ title: `invoice${char}fdp.exe` });
      expect(title.error?.issues[0]?.message).toBe(
        "Title contains a character that is not allowed",
      );
      const subject = messageSchema.safeParse({ subject: `Hi${char}`, content: "Hello" });
      expect(subject.error?.issues[0]?.message).toBe(
        "Subject contains a character that is not allowed",
      );
    },
  );

  it("keeps right-to-left text and the plain direction marks", () => {
    expect(projectSchema.safeParse({ title: "مرحبا \u200F عالم" }).success).toBe(true);
  });
});

describe("a message's line breaks", () => {
  it("are stored as LF whether the form sent CRLF (multipart) or LF", () => {
    for (const content of [
      "Friday is good.\r\nWe will bring the plan.",
      "Friday is good.\nWe will bring the plan.",
    ]) {
      const parsed = messageSchema.safeParse({ subject: "Plan", content });
      expect(parsed.success && parsed.data.content).toBe(
        "Friday is good.\nWe will bring the plan.",
      );
    }
  });
});
