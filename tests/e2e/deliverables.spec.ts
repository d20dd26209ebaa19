import http from "node:http";
import type { Browser, Locator, Page } from "@playwright/test";
import { createUser, expect, gotoLive, hydrated, signInAsAdmin, test } from "./fixtures";
import { waitForMail } from "./mail";

/** A small PDF-like file (the server checks the content, not only the name). */
/** A one-page PDF (its cross-reference table counted), with `note` in a comment. */
function onePagePdf(note: string) {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>",
    "<< /Length 28 >>\nstream\n0 0.5 1 rg 20 20 160 60 re f\nendstream",
  ];
  let out = `%PDF-1.7\n% ${note}\n`;
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, "0")} 00000 n \n`;
  return `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

const design = (note: string) => ({
  name: "Homepage design.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from(onePagePdf(note)),
});

/** A new browser context signed in as a fresh contact, and their project's page address. */
async function contactWithProject(browser: Browser, baseURL: string, title: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = await createUser(page.request, baseURL, { fullName: "Lerato Contact" });
  const created = await page.request.post("/portal/projects", {
    headers: { origin: baseURL },
    form: { intent: "create", title },
  });
  expect(created.status()).toBe(200);
  await page.goto("/portal/projects");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return { context, page, user, url: new URL(page.url()).pathname };
}

/** The version row of `file` numbered `n` (its list item in the file's versions). */
const versionRow = (page: Page, n: number): Locator =>
  page
    .getByRole("list", { name: "Versions of Homepage design.pdf" })
    .getByRole("listitem")
    .filter({ hasText: `Version ${n}` });

test("files, reviews and activity: from the first design to its approval, live on both sides", {
  tag: "@two-instances",
}, async ({ page: adminPage, browser, baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const contact = await contactWithProject(browser, base, "Website redesign");
  await signInAsAdmin(adminPage.request, base);

  // The contact watches the project page; the administrator uploads a design.
  await gotoLive(contact.page, contact.url);
  await hydrated(contact.page);
  await gotoLive(adminPage, contact.url);
  await hydrated(adminPage);
  // With scripts, the file goes as a resumable upload (tus, decision 092).
  const resumed = adminPage.waitForResponse(
    (r) => r.request().method() === "PATCH" && /\/uploads\/[0-9a-f-]{36}$/.test(r.url()),
  );
  await adminPage.getByLabel("Files to upload").setInputFiles(design("first"));
  expect((await resumed).status()).toBe(204);
  // The PDF's first page shows as its preview (decision 093), drawn on the server.
  const preview = adminPage.getByTestId("file-preview").first();
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(
    adminPage.getByRole("list", { name: "Uploads" }).getByText("Uploaded", { exact: true }),
  ).toBeVisible();
  await expect(versionRow(adminPage, 1)).toBeVisible();
  await versionRow(adminPage, 1)
    .getByRole("button", { name: /Ready for review/ })
    .click();
  await expect(
    versionRow(adminPage, 1).getByText("Ready for review", { exact: true }),
  ).toBeVisible();

  // The contact sees it without reloading, downloads it, and asks for changes.
  const v1 = versionRow(contact.page, 1);
  await expect(v1.getByText("Ready for review", { exact: true })).toBeVisible();
  const downloading = contact.page.waitForEvent("download");
  await v1.getByRole("link", { name: /Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Homepage design.pdf");
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toContain("% first");
  // 'Download all': the project's files as one zip (issue 35).
  const zipping = contact.page.waitForEvent("download");
  await contact.page.getByRole("link", { name: "Download all" }).click();
  expect((await zipping).suggestedFilename()).toMatch(/ files\.zip$/);

  await v1.getByRole("button", { name: /Request changes/ }).click();
  const dialog = contact.page.getByRole("dialog", { name: "Request changes" });
  // Without a comment the form does not go (the server refuses one too: integration tests).
  await dialog.getByRole("button", { name: "Request changes" }).click();
  const comment = dialog.getByLabel("Comment *");
  expect(await comment.evaluate((el) => (el as HTMLTextAreaElement).validity.valueMissing)).toBe(
    true,
  );
  await expect(dialog).toBeVisible();
  await comment.fill("Make the logo bigger, please.");
  await dialog.getByRole("button", { name: "Request changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(v1.getByText("Changes requested", { exact: true })).toBeVisible();

  // The administrator sees the answer live, then drops version 2 on the page.
  await expect(
    versionRow(adminPage, 1).getByText("Changes requested", { exact: true }),
  ).toBeVisible();
  await adminPage.getByTestId("drop-zone").evaluate((zone, text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], "Homepage design.pdf", { type: "application/pdf" }));
    for (const type of ["dragenter", "dragover", "drop"]) {
      zone.dispatchEvent(
        new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
      );
    }
  }, "%PDF-1.7\n% second\n");
  await expect(versionRow(adminPage, 2)).toBeVisible();
  await versionRow(adminPage, 2)
    .getByRole("button", { name: /Ready for review/ })
    .click();

  // The contact approves version 2.
  const v2 = versionRow(contact.page, 2);
  await expect(v2.getByText("Ready for review", { exact: true })).toBeVisible();
  await v2.getByRole("button", { name: /Approve/ }).click();
  await expect(v2.getByText("Approved", { exact: true })).toBeVisible();
  await expect(v2.getByText(/Approved by Lerato Contact/)).toBeVisible();

  // The activity tells all of it, newest first.
  const firstFile = /uploaded Homepage design\.pdf|took on the project 'Website redesign'/;
  const activity = contact.page
    .getByRole("list", { name: "Project activity" })
    .getByRole("listitem");
  await expect(activity).toHaveText([
    /approved Homepage design\.pdf \(version 2\)/,
    /marked Homepage design\.pdf \(version 2\) ready for review/,
    /uploaded version 2 of Homepage design\.pdf/,
    /requested changes to Homepage design\.pdf \(version 1\): “Make the logo bigger, please\.”/,
    /marked Homepage design\.pdf \(version 1\) ready for review/,
    // The team's first file took the contact's project on (issue 30), in the same moment.
    firstFile,
    firstFile,
    /created the project 'Website redesign'/,
  ]);
  await expect(activity.filter({ hasText: /uploaded Homepage design\.pdf/ })).toHaveCount(1);
  await expect(activity.filter({ hasText: /took on the project 'Website redesign'/ })).toHaveCount(
    1,
  );
  await waitForMail("admin@e2e.test", /Approved: Homepage design\.pdf \(version 2\)/);
  await contact.context.close();
});

test("an upload whose connection drops half-way continues from where the server stopped, and the file arrives whole", {
  tag: "@two-instances",
}, async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const contact = await contactWithProject(browser, base, "Site survey");
  await gotoLive(contact.page, contact.url);
  await hydrated(contact.page);
  // 6 MB of text: the first piece is 4 MB (decision 116).
  const line = "Site survey notes: the north wall, the drainage, the gate.\n";
  const content = Buffer.from(line.repeat(Math.ceil((6 * 1024 * 1024) / line.length)));

  // The first PATCH: half its bytes reach the server, then the connection drops.
  let dropped = 0;
  await contact.page.route(/\/uploads\/[0-9a-f-]{36}$/, async (route) => {
    const request = route.request();
    if (request.method() !== "PATCH" || dropped > 0) return route.continue();
    const body = request.postDataBuffer() as Buffer;
    dropped = Math.floor(body.length / 2);
    const cut = http.request(request.url(), {
      method: "PATCH",
      headers: { ...(await request.allHeaders()), "content-length": String(body.length) },
    });
    cut.on("error", () => {});
    await new Promise<void>((resolve) => cut.write(body.subarray(0, dropped), () => resolve()));
    cut.destroy();
    await route.abort("connectionreset");
  });
  const asked = contact.page.waitForResponse((r) => r.request().method() === "HEAD");
  await contact.page.getByLabel("Files to upload").setInputFiles({
    name: "Survey notes.txt",
    mimeType: "text/plain",
    buffer: content,
  });
  // The page asks where the upload stands and sends the rest from there, not from zero.
  const at = Number((await asked).headers()["upload-offset"]);
  expect(at).toBeGreaterThan(0);
  expect(at).toBeLessThanOrEqual(dropped);
  await expect(
    contact.page.getByRole("list", { name: "Uploads" }).getByText("Uploaded", { exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  const link = contact.page
    .getByRole("list", { name: "Versions of Survey notes.txt" })
    .getByRole("link", { name: /Download/ })
    .first();
  await expect(link).toBeVisible();
  const download = await contact.page.request.get((await link.getAttribute("href")) as string);
  expect(download.status()).toBe(200);
  expect((await download.body()).equals(content)).toBe(true);
  await contact.context.close();
});
