import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseEnv, setEnv } from "~/server/env.server";
import { readToast, toastCookie } from "./toast.server";

const secret = (c: string) => c.repeat(40);

function requestWith(cookie: string) {
  return new Request("http://localhost:3000/portal", { headers: { cookie } });
}

/** The `name=value` part of a Set-Cookie header. */
function pair(setCookie: string) {
  return setCookie.split(";")[0] ?? "";
}

describe("the toast cookie", () => {
  beforeEach(() => setEnv(parseEnv({ AUTH_SECRET: secret("a") })));
  afterEach(() => setEnv(undefined));

  it("carries a toast across a redirect, once", async () => {
    const toast = { type: "success" as const, title: "Success", description: "Saved" };
    const set = await toastCookie(toast);
    expect(set).toMatch(/HttpOnly/i);
    const read = await readToast(requestWith(pair(set)));
    expect(read.toast).toEqual(toast);
    expect(read.clearHeader).toMatch(/^toast=;.*Max-Age=0/);
  });

  it("ignores a forged cookie (an unsigned toast), without failing", async () => {
    const forged = Buffer.from(
      JSON.stringify({ type: "success", title: "Your account is verified", description: "Pay" }),
    ).toString("base64url");
    const read = await readToast(requestWith(`toast=${forged}`));
    expect(read.toast).toBeNull();
    expect(read.clearHeader).not.toBeNull();
  });

  it("ignores a tampered or foreign-signed cookie, and garbage", async () => {
    const set = pair(await toastCookie({ type: "message", title: "Hello" }));
    const value = set.slice("toast=".length);
    const tampered = `toast=${value.replace(/^./, (c) => (c === "e" ? "f" : "e"))}`;
    expect((await readToast(requestWith(tampered))).toast).toBeNull();

    setEnv(parseEnv({ AUTH_SECRET: secret("b") }));
    expect((await readToast(requestWith(set))).toast).toBeNull();

    for (const junk of ["toast=%", "toast=%E0%A4%A", "toast=.", "toast=a.b.c", "toast="]) {
      const read = await readToast(requestWith(junk));
      expect(read.toast, junk).toBeNull();
    }
  });

  it("reads nothing when there is no cookie", async () => {
    expect(await readToast(requestWith("other=1"))).toEqual({ toast: null, clearHeader: null });
  });
});
