import { describe, expect, it } from "vitest";
import { loggedPath, requestIdFor } from "./request-log.ts";

describe("the request log", () => {
  it("keeps a proxy's request id only behind a trusted proxy, and only a plain one", () => {
    expect(requestIdFor("abc-123", true)).toBe("abc-123");
    expect(requestIdFor("abc-123", false)).not.toBe("abc-123");
    expect(requestIdFor("line\nbreak", true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor("x".repeat(129), true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(["a", "b"], true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false));
  });

  it("logs the path without its query and without an invitation's token", () => {
    expect(loggedPath("/auth/reset-password?token=secret")).toBe("/auth/reset-password");
    expect(loggedPath("/invitation/s3cr3t-token")).toBe("/invitation/:token");
    expect(loggedPath("/portal/projects")).toBe("/portal/projects");
    expect(loggedPath(`/${"a".repeat(600)}`)).toHaveLength(513);
  });
});
