import { describe, expect, it } from "vitest";
import { formatCount } from "./numbers";

describe("formatCount", () => {
  it("groups thousands as en-ZA does, with a no-break space", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, -4321]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-ZA"));
    }
    expect(formatCount(1234)).toBe("1\u00a0234");
  });
});
