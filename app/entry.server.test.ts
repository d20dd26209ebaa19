/**
 * Issue 29, point 10: a request the app refuses as the client's mistake (a POST to a page with
 * no action: 405) is logged at info, without its text; only the server's own failures are
 * errors, so nobody can write error lines from outside.
 */

import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";
import { logger } from "./server/logger.server";

describe("handleError", () => {
  it("logs a 405 (a POST to a route with no action) at info, without its message", () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    const info = vi.spyOn(logger, "info").mockImplementation(() => {});
    // What React Router hands over for a POST to a page without an action.
    const refused = new ErrorResponse(
      405,
      "Method Not Allowed",
      new Error('You made a POST request to "/about" but did not provide an `action` for route'),
      true,
    );
    handleError(refused, {
      request: new Request("http://localhost/about", { method: "POST" }),
    } as never);
    expect(error).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalled();
    expect(JSON.stringify(info.mock.calls)).not.toContain("did not provide");
  });

  it("still logs the server's own failures as errors", () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    handleError(new Error("boom"), { request: new Request("http://localhost/portal") } as never);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("logs the path of a failed request, never its query (tokens, addresses, searches)", () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    handleError(new Error("boom"), {
      request: new Request("http://localhost/invite/accept?token=secret-token&email=a%40b.test"),
    } as never);
    const logged = JSON.stringify(error.mock.calls.at(-1));
    expect(logged).toContain("/invite/accept");
    expect(logged).not.toContain("secret-token");
    expect(logged).not.toContain("a%40b.test");
  });
});
