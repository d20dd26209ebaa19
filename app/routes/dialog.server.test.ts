import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { failed, succeeded } from "~/lib/action-result";
import { requestedDialog, withoutDialog } from "~/lib/dialog-params";
import { parseEnv, setEnv } from "~/server/env.server";
import { closeDialogOnSuccess } from "./dialog.server";
import { readToast } from "./toast.server";

describe("a dialog asked for by the address (decision 142)", () => {
  it("reads the dialog and its row, and the page without them keeps its other parameters", () => {
    const search = new URLSearchParams("client=c1&dialog=edit-project&item=p9&cursor=x");
    expect(requestedDialog(search)).toEqual({ name: "edit-project", item: "p9" });
    expect(requestedDialog(new URLSearchParams("client=c1"))).toBeNull();
    expect(withoutDialog("/portal/projects", search)).toBe("/portal/projects?client=c1&cursor=x");
    expect(withoutDialog("/portal", new URLSearchParams("index&dialog=x"))).toBe("/portal");
  });
});

describe("closeDialogOnSuccess", () => {
  beforeEach(() => setEnv(parseEnv({ AUTH_SECRET: "a".repeat(40) })));
  afterEach(() => setEnv(undefined));

  it("sends a success posted from the dialog's page back to the page, saying what it did", async () => {
    const request = new Request("http://localhost/portal/projects?client=c1&dialog=new-project", {
      method: "POST",
    });
    const answer = await closeDialogOnSuccess(request, succeeded("Project created successfully"));
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/portal/projects?client=c1");
    const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
    const next = new Request("http://localhost/portal/projects", { headers: { cookie } });
    expect((await readToast(next)).toast).toEqual({
      type: "success",
      title: "Success",
      description: "Project created successfully",
    });
  });

  it("sends a hydrated page's post (a data request, `/portal/team.data`) back to the page itself, not to its data", async () => {
    // Hydrated on `?dialog=invite`, the in-place dialog posts through React Router: the
    // action's request is `/portal/team.data?dialog=invite`. Sent back to `/portal/team.data`,
    // the browser asked for `/portal/team.data.data` and showed 'Oops! Page not found'.
    const request = new Request("http://localhost/portal/team.data?dialog=invite&_routes=x", {
      method: "POST",
    });
    const answer = (await closeDialogOnSuccess(request, succeeded("Invitation sent"))) as Response;
    expect(answer.headers.get("location")).toBe("/portal/team");
    const home = new Request("http://localhost/_root.data?index&dialog=x", { method: "POST" });
    const back = (await closeDialogOnSuccess(home, succeeded("Done"))) as Response;
    expect(back.headers.get("location")).toBe("/");
  });

  it("leaves a refusal, and anything posted without the dialog's parameters, as it is", async () => {
    const fromDialog = new Request("http://localhost/portal/projects?dialog=new-project", {
      method: "POST",
    });
    const refusal = failed(400, "Title is required", { field: "title", values: { title: "" } });
    expect(await closeDialogOnSuccess(fromDialog, refusal)).toBe(refusal);
    const plain = new Request("http://localhost/portal/projects", { method: "POST" });
    const success = succeeded("Project created successfully");
    expect(await closeDialogOnSuccess(plain, success)).toBe(success);
  });
});
