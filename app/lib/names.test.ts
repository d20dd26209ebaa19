import { describe, expect, it } from "vitest";
import { avatarInitial, capitalise, displayName, greetingName } from "./names";

describe("names", () => {
  it("falls back to 'User' for the header name", () => {
    expect(displayName("Thandi Nkosi")).toBe("Thandi Nkosi");
    expect(displayName(null)).toBe("User");
    expect(displayName("   ")).toBe("User");
  });
  it("takes the avatar letter from the name, else the e-mail, else 'U'", () => {
    expect(avatarInitial("thandi", "x@y.z")).toBe("T");
    expect(avatarInitial(null, "sipho@example.co.za")).toBe("S");
    expect(avatarInitial("", "")).toBe("U");
    expect(avatarInitial(null, null)).toBe("U");
  });
  it("greets with the e-mail's local part when there is no name", () => {
    expect(greetingName(null, "lerato@example.co.za")).toBe("lerato");
    expect(greetingName("Lerato K", "lerato@example.co.za")).toBe("Lerato K");
  });
  it("capitalises the role", () => {
    expect(capitalise("admin")).toBe("Admin");
  });
});
