import { afterEach, describe, expect, it } from "vitest";
import { ClassConflictError, installClassCheck, overriddenClasses } from "./class-check";
import { cn, setClassCheck } from "./utils";

describe("class lists without merging", () => {
  afterEach(() => installClassCheck("throw", () => {}));

  it("finds the classes a later class overrides", () => {
    expect(overriddenClasses("px-2 py-1 px-4")).toEqual(["px-2"]);
    expect(overriddenClasses("text-sm text-base text-primary")).toEqual(["text-sm"]);
    expect(overriddenClasses("p-6 pt-0 hover:bg-accent bg-card")).toEqual([]);
    expect(overriddenClasses("rounded-md rounded-md")).toEqual([]);
  });

  it("cn joins, and the check refuses an override", () => {
    setClassCheck(undefined);
    expect(cn("h-10", false, ["w-full"], { hidden: true })).toBe("h-10 w-full hidden");
    installClassCheck("throw", () => {});
    expect(() => cn("h-10 px-4", "px-8")).toThrow(ClassConflictError);
    expect(cn("h-10 px-4", "mt-2")).toBe("h-10 px-4 mt-2");
  });

  it("in warn mode reports each conflicting list once", () => {
    const warnings: string[] = [];
    installClassCheck("warn", (m) => warnings.push(m));
    expect(cn("bg-muted", "bg-primary")).toBe("bg-muted bg-primary");
    cn("bg-muted", "bg-primary");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"bg-muted" overridden');
  });
});
