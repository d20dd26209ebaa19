/** The sidebar marks its entry for the page open, as NavLink did (decision 030). */
import { describe, expect, it } from "vitest";
import { entriesFor, isCurrent } from "./app-sidebar";

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

describe("entriesFor", () => {
  it("shows 'Billing' to a team member only once given billing (issue 32)", () => {
    const labels = (access: "contact" | "team" | "admin", billing: boolean) =>
      entriesFor(access, billing).map((e) => e.label);
    expect(labels("team", false)).not.toContain("Billing");
    expect(labels("team", true)).toContain("Billing");
    expect(labels("contact", true)).toContain("Billing");
    expect(labels("admin", true)).toEqual(expect.arrayContaining(["Billing", "Team", "Leads"]));
    expect(labels("team", false)).toEqual(expect.arrayContaining(["Clients", "Bookings"]));
  });
});
