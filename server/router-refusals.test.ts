import { describe, expect, it } from "vitest";
import { METHOD_NOT_TAKEN, withClearRefusal } from "./router-refusals.ts";

/** What React Router answers in production for a POST to a download or a GET to a form's endpoint. */
const routerRefusal = (status: number) =>
  Response.json({ message: "Unexpected Server Error" }, { status });

describe("a request a resource route does not take", () => {
  it("is answered with a text that says so, not 'Unexpected Server Error'", async () => {
    for (const status of [400, 405]) {
      const res = await withClearRefusal(routerRefusal(status));
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message: METHOD_NOT_TAKEN });
    }
  });

  it("leaves every other answer as it is", async () => {
    const own = Response.json({ message: "Project not found" }, { status: 404 });
    expect(await withClearRefusal(own)).toBe(own);
    const refusal = Response.json({ message: "Choose a client" }, { status: 400 });
    expect(await (await withClearRefusal(refusal)).json()).toEqual({ message: "Choose a client" });
    const crash = new Response("Unexpected Server Error", { status: 500 });
    expect(await withClearRefusal(crash)).toBe(crash);
    const page = new Response("<html></html>", {
      status: 405,
      headers: { "content-type": "text/html" },
    });
    expect(await withClearRefusal(page)).toBe(page);
  });
});
