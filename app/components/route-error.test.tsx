import { renderToString } from "react-dom/server";
import { UNSAFE_ErrorResponseImpl as ErrorResponse, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { NO_PERMISSION } from "~/lib/portal-text";
import { RouteError } from "./route-error";

function render(error: unknown, area: "site" | "portal") {
  return renderToString(
    <MemoryRouter>
      <RouteError error={error} area={area} />
    </MemoryRouter>,
  );
}

const refusal = (status: number, message?: string) =>
  new ErrorResponse(status, "", message === undefined ? null : { message });

describe("RouteError", () => {
  it("shows a refusal's own message inside the portal, with a way back", () => {
    const html = render(refusal(404, "Lead not found"), "portal");
    expect(html).toContain("Lead not found");
    expect(html).not.toContain("Oops! Page not found");
    expect(html).toContain("Back to Dashboard");
    expect(html).not.toContain("<main");
  });

  it("says the spec's no-permission text for a 403 without a message", () => {
    expect(render(refusal(403), "portal")).toContain(NO_PERMISSION.replace("'", "&#x27;"));
  });

  it("keeps the public 404 page on the site, and shows a 400's message", () => {
    expect(render(refusal(404), "site")).toContain("Oops! Page not found");
    const bad = render(refusal(400, "The form could not be read."), "site");
    expect(bad).toContain("The form could not be read.");
    expect(bad).toContain("<main");
  });

  it("never shows React Router's own text for a request a page does not take", () => {
    // A form posted to a page without an action: the router's 405 carries a developer's text, as
    // an Error on the server and as a string after hydration.
    const text =
      'You made a POST request to "/about" but did not provide an `action` for route "routes/marketing/about", so there is no way to handle the request.';
    const onServer = new ErrorResponse(405, "Method Not Allowed", new Error(text), true);
    const inBrowser = new ErrorResponse(405, "Method Not Allowed", `Error: ${text}`);
    for (const [area, internal] of [
      ["site", onServer],
      ["portal", onServer],
      ["site", inBrowser],
      ["portal", inBrowser],
    ] as const) {
      const html = render(internal, area);
      expect(html).not.toContain("routes/marketing/about");
      expect(html).toContain("This page does not take that request.");
    }
  });

  it("never shows a 5xx's details", () => {
    const html = render(refusal(503, "database password leaked"), "portal");
    expect(html).toContain("Unexpected Application Error!");
    expect(html).not.toContain("database password leaked");
  });
});
