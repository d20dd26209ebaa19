import { describe, expect, it } from "vitest";
import { projectSchema } from "./portal";
import { isStorableText } from "./text";

describe("storable text", () => {
  it.each([
    ["plain", "Hello", true],
    ["emoji, RTL and control characters", "👩🏽‍💻 مرحبا \u202E\u0007", true],
    ["a paired surrogate", "\uD83D\uDE00", true],
    ["NUL", "a\u0000b", false],
    ["a lone high surrogate", "x\uD800", false],
    ["a lone low surrogate", "\uDC00x", false],
    ["surrogates in the wrong order", "\uDC00\uD800", false],
    ["a pair followed by a lone high surrogate", "\uD83D\uDE00\uD83D", false],
  ])("%s", (_, value, expected) => {
    expect(isStorableText(value)).toBe(expected);
  });

  it("gives the length message first when both apply", () => {
    const result = projectSchema.safeParse({ title: `${"x".repeat(201)}\u0000` });
    expect(result.error?.issues[0]?.message).toBe("Title must be less than 200 characters");
  });
});
