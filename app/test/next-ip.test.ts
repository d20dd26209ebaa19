import { describe, expect, it } from "vitest";
import { nextIp } from "./harness.server";

/**
 * Rate limits count per client address. Each worker runs many files one after another
 * (isolate: false), so an address handed out twice within a rate-limit window lets one test's
 * attempts count against another's: auth.server.test's sign-in limit once saw 429 on its third
 * attempt, not its fourth, after the addresses wrapped round at 250.
 */
describe("nextIp", () => {
  it("never hands out the same address twice in a worker, nor one a test writes by hand", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) seen.add(nextIp());
    expect(seen.size).toBe(5000);
    for (const ip of seen) {
      expect(ip).toMatch(/^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
      expect(ip.startsWith("203.0.113.")).toBe(false);
    }
  });
});
