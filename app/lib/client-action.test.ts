import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { isFailedRequest, keepInputOnFailedRequest, REQUEST_FAILED } from "./client-action";

/** A request as React Router hands it to a route's clientAction. */
const post = (fields: Record<string, string>) =>
  new Request("http://localhost/portal/messages", {
    method: "POST",
    body: new URLSearchParams(fields),
  });

/** React Router's own error for a status (what `serverAction()` throws for a thrown refusal). */
async function errorResponse(status: number) {
  try {
    await keepInputOnFailedRequest({
      request: post({}),
      serverAction: () => Promise.reject(new Response(null, { status })),
    });
  } catch (error) {
    return error;
  }
}

describe("keepInputOnFailedRequest", () => {
  it("answers a failure with the form's intent and what was typed when the request fails on the way", async () => {
    const answer = await keepInputOnFailedRequest({
      request: post({ intent: "reply", content: "Keep me", newPassword: "secret-1" }),
      serverAction: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    expect(answer).toMatchObject({
      data: {
        ok: false,
        error: REQUEST_FAILED,
        intent: "reply",
        values: { intent: "reply", content: "Keep me" },
      },
      init: { status: 503 },
    });
  });

  it("lets the server's answers through: data, a redirect, a refusal, an error of the app", async () => {
    const answer = data({ ok: true, success: "Sent" });
    await expect(
      keepInputOnFailedRequest({ request: post({}), serverAction: async () => answer }),
    ).resolves.toBe(answer);
    const moved = redirect("/portal");
    await expect(
      keepInputOnFailedRequest({ request: post({}), serverAction: () => Promise.reject(moved) }),
    ).rejects.toBe(moved);
    const crash = new Error("Unexpected Server Error");
    await expect(
      keepInputOnFailedRequest({ request: post({}), serverAction: () => Promise.reject(crash) }),
    ).rejects.toBe(crash);
    expect(await errorResponse(404)).toBeInstanceOf(Response);
  });

  it("tells a request that did not get through from the app's own refusals", () => {
    expect(isFailedRequest(new TypeError("Failed to fetch"))).toBe(true);
    expect(isFailedRequest(new Error("Unable to decode turbo-stream response"))).toBe(true);
    const proxy = (status: number) => ({ status, statusText: "", internal: false, data: "" });
    expect(isFailedRequest(proxy(502))).toBe(true);
    expect(isFailedRequest(proxy(503))).toBe(true);
    expect(isFailedRequest(proxy(504))).toBe(true);
    expect(isFailedRequest(proxy(404))).toBe(false);
    expect(isFailedRequest(proxy(500))).toBe(false);
    expect(isFailedRequest(new Error("Unexpected Server Error"))).toBe(false);
  });
});

describe("every page with a form keeps it when the request fails", () => {
  const root = path.join(import.meta.dirname, "../routes");
  /** Its action answers a post to an unknown address with the 404 page; it shows no form. */
  const withoutForms = new Set(["not-found.tsx"]);
  const pages = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".tsx"))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }))
    .filter(({ file }) => !withoutForms.has(file))
    .filter(({ text }) => /^export (async )?function action\b/m.test(text));

  it.each(pages.map(({ file, text }) => [file, text]))(
    "%s exports a clientAction",
    (_file, text) => {
      expect(text).toMatch(/^export (const|async function) clientAction\b/m);
    },
  );
});
