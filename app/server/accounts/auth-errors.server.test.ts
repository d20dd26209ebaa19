import { describe, expect, it } from "vitest";
import { RESET_LINK_INVALID, SIGN_UP_CLOSED } from "~/lib/validation/account";
import { authFailureFrom } from "./auth-errors.server";

describe("authFailureFrom", () => {
  it("decides on better-auth's code, whatever its message says", () => {
    expect(authFailureFrom(400, { code: "INVALID_PASSWORD", message: "anything" })).toEqual({
      ok: false,
      status: 400,
      reason: "wrong-password",
      message: "Password is incorrect",
    });
    expect(authFailureFrom(401, { code: "INVALID_TWO_FACTOR_COOKIE", message: "x" })).toMatchObject(
      {
        reason: "second-step-expired",
        message: "Your sign-in took too long. Please sign in again.",
      },
    );
    expect(authFailureFrom(400, { code: "INVALID_TOKEN" })).toMatchObject({
      reason: "link-invalid",
      message: RESET_LINK_INVALID,
    });
    expect(authFailureFrom(400, { code: "EMAIL_ALREADY_VERIFIED" })).toMatchObject({
      reason: "address-confirmed",
      message: "Your e-mail address is already confirmed.",
    });
    expect(authFailureFrom(403, { code: "SIGN_UP_CLOSED", message: "x" })).toMatchObject({
      status: 403,
      reason: "sign-up-closed",
      message: SIGN_UP_CLOSED,
    });
  });

  it("does not read a reason from the message text", () => {
    const failure = authFailureFrom(400, { message: "Invalid password" });
    expect(failure.reason).toBe("other");
    expect(failure.message).toBe("Invalid password");
  });

  it("answers a rate limit and an outage with our own words", () => {
    expect(authFailureFrom(429, { code: "INVALID_PASSWORD" })).toMatchObject({
      status: 429,
      reason: "rate-limited",
    });
    expect(authFailureFrom(500, null)).toMatchObject({ status: 503, reason: "unavailable" });
  });

  it("keeps an unknown code's message, or a general one", () => {
    expect(authFailureFrom(400, { code: "SOMETHING_NEW", message: "New rule" }).message).toBe(
      "New rule",
    );
    expect(authFailureFrom(400, "not json").message).toBe(
      "Something went wrong. Please try again.",
    );
  });
});
