import type { APIRequestContext, Page } from "@playwright/test";
import {
  expect,
  gotoLive,
  hydrated,
  newClient,
  signInAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";
import { waitForMail } from "./mail";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function newProject(
  request: APIRequestContext,
  base: string,
  clientId: string,
  title: string,
) {
  const res = await request.post("/portal/projects", {
    headers: { origin: base },
    form: { intent: "create", title, clientId },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function newMessage(
  request: APIRequestContext,
  base: string,
  clientId: string,
  subject: string,
) {
  const res = await request.post("/portal/messages", {
    headers: { origin: base },
    form: { intent: "send", clientId, subject, content: "Hello from the agency" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("a team member invited by role sees only the clients assigned to them (issue 30)", async ({
  page: admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  const stamp = Date.now().toString(36);
  const mine = `Assigned Foods ${stamp}`;
  const theirs = `Other Motors ${stamp}`;
  await signInAsAdmin(admin.request, base);
  const mineId = await newClient(admin.request, base, mine);
  const theirsId = await newClient(admin.request, base, theirs);
  await newProject(admin.request, base, mineId, `Shop ${stamp}`);
  await newProject(admin.request, base, theirsId, `Fleet ${stamp}`);
  await newMessage(admin.request, base, mineId, `For assigned ${stamp}`);
  await newMessage(admin.request, base, theirsId, `For other ${stamp}`);

  // The administrator invites a team member, choosing the role.
  const email = uniqueEmail("designer");
  await admin.goto("/portal/team");
  await hydrated(admin);
  await admin.getByRole("button", { name: "Invite team member" }).click();
  const invite = admin.getByRole("dialog", { name: "Invite team member" });
  await invite.getByLabel("Name").fill("Zinhle Designer");
  await invite.getByLabel("Email").fill(email);
  await expect(invite.getByLabel("Role")).toHaveValue("team");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toasts(admin).getByText(`Invitation sent to ${email}`)).toBeVisible();
  const mail = await waitForMail(email, /invited/);
  expect(mail.text).toContain("You'll be a team member");
  const link = mail.text.match(/https?:\/\/\S+\/invitation\/\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();

  const context = await browser.newContext({ baseURL: base });
  try {
    const member = await context.newPage();
    await member.goto(new URL(link ?? "").pathname);
    await expect(
      member.getByText("You're invited to the team as a team member", { exact: false }),
    ).toBeVisible();
    await member.getByLabel("Password").fill("a-good-password");
    await member.getByRole("button", { name: "Create account and join" }).click();
    await expect(member).toHaveURL(/\/portal$/);

    // The administrator assigns them to one client, on its page.
    await admin.goto(`/portal/clients/${mineId}`);
    await hydrated(admin);
    await admin.getByLabel("Team member").selectOption({ label: `Zinhle Designer (${email})` });
    await admin.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(toasts(admin).getByText(`Team member assigned to ${mine}`)).toBeVisible();
    await expect(
      admin.getByRole("list", { name: "Assigned team members" }).getByText("Zinhle Designer"),
    ).toBeVisible();
    await admin.goto("/portal/team");
    await expect(admin.getByText(`Clients: ${mine}`)).toBeVisible();

    // The team member: Clients, but no Team or Leads; only the assigned client's work.
    await member.goto("/portal/projects");
    const nav = member.getByRole("navigation", { name: "Portal navigation" });
    await expect(nav.getByRole("link", { name: "Clients" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Leads" })).toHaveCount(0);
    await expect(member.getByRole("link", { name: `Shop ${stamp}` })).toBeVisible();
    await expect(member.getByText(`Fleet ${stamp}`)).toHaveCount(0);

    await member.goto("/portal/messages");
    await expect(member.getByText(`For assigned ${stamp}`).first()).toBeVisible();
    await expect(member.getByText(`For other ${stamp}`)).toHaveCount(0);

    await member.goto("/portal/clients");
    await expect(member.getByRole("link", { name: mine })).toBeVisible();
    await expect(member.getByRole("link", { name: theirs })).toHaveCount(0);
    await expect(member.getByRole("button", { name: "New client" })).toHaveCount(0);

    await member.goto("/portal/reports");
    await expect(member.getByText(`Shop ${stamp}`).first()).toBeVisible();
    await expect(member.getByText(`Fleet ${stamp}`)).toHaveCount(0);

    await member.goto("/portal/analytics");
    await expect(member.getByRole("heading", { name: "Work", level: 2 })).toBeVisible();
    await expect(member.getByRole("heading", { name: "Leads", level: 2 })).toHaveCount(0);

    const leads = await member.goto("/portal/leads");
    expect(leads?.status()).toBe(403);
    await expect(member.getByText("You don't have permission to access this page.")).toBeVisible();
    const other = await member.goto(`/portal/clients/${theirsId}`);
    expect(other?.status()).toBe(404);

    // The event stream: the other client's new project never reaches the page; the assigned
    // client's, made after it, does.
    await gotoLive(member, "/portal/projects");
    await newProject(admin.request, base, theirsId, `Fleet two ${stamp}`);
    await newProject(admin.request, base, mineId, `Shop two ${stamp}`);
    await expect(member.getByRole("link", { name: `Shop two ${stamp}` })).toBeVisible();
    await expect(member.getByText(`Fleet two ${stamp}`)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
