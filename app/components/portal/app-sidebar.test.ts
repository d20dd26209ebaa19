/** The sidebar marks its entry for the page open, as NavLink did (decision 030). */
import { describe, expect, it } from "vitest";
import { isCurrent } from "./app-sidebar";

describe("isCurrent", () => {
  it("marks an entry on its page and the pages under it, the dashboard on its own page only", () => {
    expect(isCurrent("/portal", "/portal", true)).toBe(true);
    expect(isCurrent("/portal/", "/portal", true)).toBe(true);
    expect(isCurrent("/portal/projects", "/portal", true)).toBe(false);
    expect(isCurrent("/portal/projects", "/portal/projects", false)).toBe(true);
    expect(isCurrent("/portal/projects/42", "/portal/projects", false)).toBe(true);
    expect(isCurrent("/Portal/Projects", "/portal/projects", false)).toBe(true);
    expect(isCurrent("/portal/projects-old", "/portal/projects", false)).toBe(false);
    expect(isCurrent("/portal/messages", "/portal/projects", false)).toBe(false);
  });
});
