/**
 * A signed-in administrator on a running build, for the scripts that measure the portal
 * (lighthouse, bench): signs up an address listed in the server's ADMIN_EMAILS, opens the
 * confirmation link the server mailed into its data folder (that grants the role, decision
 * 013), and seeds, through the portal's own forms, what the pages of one record need: a lead,
 * a client with a project, the project's milestones and a message. Returns the session cookie
 * and the seeded ids.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { signUpOver } from "../serve-build.ts";

export const SCRIPT_ADMIN = "measure-admin@example.co.za";

/** The mailed link to `/api/auth/verify-email` for `address`, once the outbox has sent it. */
async function confirmationLink(dataDir: string, address: string): Promise<string> {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const file of await readdir(dir).catch(() => [] as string[])) {
      if (!file.endsWith(".eml")) continue;
      const raw = await readFile(path.join(dir, file), "utf8");
      if (!raw.includes(address)) continue;
      const split = raw.search(/\r?\n\r?\n/);
      const head = raw.slice(0, split);
      let body = raw.slice(split).trim();
      if (/^Content-Transfer-Encoding: base64/im.test(head))
        body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      else body = body.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      const link = body.match(/https?:\/\/\S+\/api\/auth\/verify-email\S*/)?.[0];
      if (link) return link;
    }
    await delay(200);
  }
  throw new Error(`No confirmation mail to ${address} in ${dir}`);
}

export interface PortalSession {
  cookie: string;
  /** A lead the administrator can open (/portal/leads/:id). */
  leadId: string;
  /** A client (/portal/clients/:id) with one project. */
  clientId: string;
  /** That client's project (/portal/projects/:id, /portal/reports/:id). */
  projectId: string;
}

/** Posts a portal form as the browser would without JavaScript; refuses an error answer. */
async function postForm(
  url: string,
  cookie: string,
  pathname: string,
  fields: Record<string, string>,
): Promise<Response> {
  const res = await fetch(`${url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      origin: url,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
  if (res.status >= 400) {
    throw new Error(`Seeding ${fields.intent} on ${pathname} failed: ${res.status}`);
  }
  return res;
}

/** The first id in a page's links to `prefix`/:id. */
async function firstIdOn(url: string, cookie: string, pathname: string, prefix: string) {
  const res = await fetch(`${url}${pathname}`, { headers: { cookie } });
  const id = (await res.text()).match(new RegExp(`${prefix}/([0-9a-f-]{36})`))?.[1];
  if (!id) throw new Error(`No link to ${prefix}/:id on ${pathname} (${res.status})`);
  return id;
}

/** A client with a project, two milestones and a message about the project. */
async function seedClientWork(url: string, cookie: string) {
  const created = await postForm(url, cookie, "/portal/clients", {
    intent: "create",
    name: "Measure Client (Pty) Ltd",
  });
  const clientId = created.headers
    .get("location")
    ?.match(/\/portal\/clients\/([0-9a-f-]{36})/)?.[1];
  if (!clientId) throw new Error(`Creating a client did not lead to its page (${created.status})`);
  await postForm(url, cookie, "/portal/projects", {
    intent: "create",
    clientId,
    title: "Measure Website Redesign",
    description: "A project for the measuring scripts: a new website with a customer portal.",
    status: "active",
    priority: "high",
    progress: "40",
  });
  const projectId = await firstIdOn(
    url,
    cookie,
    `/portal/projects?client=${clientId}`,
    "/portal/projects",
  );
  const project = `/portal/projects/${projectId}`;
  await postForm(url, cookie, project, {
    intent: "create-milestone",
    title: "Design approved",
    dueDate: "2026-01-15",
    status: "done",
    description: "Home page and portal designs signed off.",
  });
  await postForm(url, cookie, project, {
    intent: "create-milestone",
    title: "Site live",
    dueDate: "2026-03-01",
    status: "in-progress",
  });
  await postForm(url, cookie, "/portal/messages", {
    intent: "send",
    clientId,
    projectId,
    subject: "Welcome to your portal",
    content: "Your project, its milestones and its files are all here.",
  });
  return { clientId, projectId };
}

/** The server must run with ADMIN_EMAILS including SCRIPT_ADMIN and DATA_DIR = `dataDir`. */
export async function adminSession(url: string, dataDir: string): Promise<PortalSession> {
  const cookie = await signUpOver(url, {
    email: SCRIPT_ADMIN,
    password: "measure-pass-1",
    name: "Measure Admin",
  });
  const link = await confirmationLink(dataDir, SCRIPT_ADMIN);
  const opened = await fetch(link, { redirect: "manual", headers: { cookie } });
  if (opened.status !== 302 || opened.headers.get("location")?.includes("error=")) {
    throw new Error(`Confirming ${SCRIPT_ADMIN} failed: ${opened.status}`);
  }
  const lead = await fetch(`${url}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      name: "Measure Lead",
      email: "measure-lead@example.co.za",
      message: "A lead for the measuring scripts.",
    }),
  });
  if (!lead.ok) throw new Error(`Seeding a lead failed: ${lead.status}`);
  const list = await fetch(`${url}/portal/leads`, { headers: { cookie } });
  const leadId = (await list.text()).match(/\/portal\/leads\/([0-9a-f-]{36})/)?.[1];
  if (!leadId) throw new Error(`The seeded lead is not on /portal/leads (${list.status})`);
  return { cookie, leadId, ...(await seedClientWork(url, cookie)) };
}
