/**
 * 'Convert to client' (decision 022): a contact lead and a quote lead become clients (the quote
 * with its first project), both link to each other, converting twice is refused, a refusal
 * writes nothing, only administrators convert, and retention keeps a lead that became a client.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { loader as clientLoader } from "~/routes/portal/client";
import { loader as leadLoader } from "~/routes/portal/lead";
import { action as convertAction, loader as previewLoader } from "~/routes/portal/lead-convert";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { invitationLink, signUpAdmin, viewingAsCookie } from "~/test/workspace.server";
import {
  activity,
  clients,
  emailOutbox,
  internalNotes,
  invitations,
  leads,
  projects,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { purgeExpired } from "../privacy/privacy.server";
import { ALREADY_CONVERTED } from "./conversion.server";
import { contactLead, LEAD_NOT_FOUND, quoteLead, submitLead } from "./leads.server";

let h: Harness;
let admin: SignedUp;

const options = {
  ip: "198.51.100.9",
  leadsTo: "team@example.co.za",
  baseUrl: "http://localhost:3000",
  limits: { perIp: 100, perEmail: 100 },
};

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za" });
  admin = await signUpAdmin("admin@example.co.za");
});
afterAll(() => h.close());

async function newContactLead(email: string, company: string | null) {
  const r = await submitLead(
    h.handle.db,
    contactLead({
      name: "Zanele Khumalo",
      email,
      phone: undefined,
      company: company ?? undefined,
      message: "We'd like a chatbot for our clinic.",
    } as Parameters<typeof contactLead>[0]),
    options,
  );
  if (!r.ok || !r.leadId) throw new Error("lead");
  return r.leadId;
}

async function newQuoteLead(email: string) {
  const start = addDays(todayInSouthAfrica(), 14);
  const finish = addDays(start, 30);
  const r = await submitLead(
    h.handle.db,
    quoteLead({
      name: "Pieter van Wyk",
      email,
      phone: "+27 82 000 0000",
      selectedPackage: "Growth",
      address: "12 Long Street, Cape Town",
      startDate: start,
      finishDate: finish,
      message: "An assistant that answers our customers on WhatsApp.",
    } as Parameters<typeof quoteLead>[0]),
    options,
  );
  if (!r.ok || !r.leadId) throw new Error("lead");
  return { id: r.leadId, start, finish };
}

/** What the preview offers, confirmed as it is (or with `change`). */
async function convert(id: string, cookie = admin.cookie, change: Record<string, string> = {}) {
  const preview = await run(
    previewLoader,
    getRequest(`/portal/leads/${id}/convert`, admin.cookie),
    {
      id,
    },
  );
  const offered =
    preview.status === 200
      ? ((await preview.json()) as { preview: Record<string, unknown> }).preview
      : { name: "Unknown", invite: "lead", createProject: false, title: "", description: "" };
  const fields: Record<string, string> = {
    name: String(offered.name),
    invite: String(offered.invite),
    title: String(offered.title),
    description: String(offered.description),
    ...(offered.createProject ? { createProject: "on" } : {}),
    ...change,
  };
  return run(convertAction, formRequest(`/portal/leads/${id}/convert`, fields, { cookie }), { id });
}

async function leadRow(id: string) {
  const [row] = await h.handle.db.select().from(leads).where(eq(leads.id, id));
  return row;
}

async function counts() {
  const [c] = await h.handle.db.select({ n: count() }).from(clients);
  const [i] = await h.handle.db.select({ n: count() }).from(invitations);
  const [p] = await h.handle.db.select({ n: count() }).from(projects);
  return { clients: c?.n, invitations: i?.n, projects: p?.n };
}

describe(`lead → client on ${testDatabaseKind()}`, () => {
  it("a contact lead becomes a client named after its company, invited, won, linked both ways", async () => {
    const id = await newContactLead("zanele@example.co.za", "Khumalo Clinics");
    const res = await convert(id);
    expect(res.status).toBe(302);
    const lead = await leadRow(id);
    expect(lead?.status).toBe("won");
    expect(lead?.clientId).toBeTruthy();
    expect(res.headers.get("location")).toBe(`/portal/clients/${lead?.clientId}`);
    const [client] = await h.handle.db
      .select()
      .from(clients)
      .where(eq(clients.id, lead?.clientId ?? ""));
    expect(client).toMatchObject({ name: "Khumalo Clinics", leadId: id });
    const [invitation] = await h.handle.db
      .select()
      .from(invitations)
      .where(eq(invitations.clientId, client?.id ?? ""));
    expect(invitation).toMatchObject({ email: "zanele@example.co.za", name: "Zanele Khumalo" });
    await invitationLink("zanele@example.co.za");
    expect(
      await h.handle.db
        .select()
        .from(projects)
        .where(eq(projects.clientId, client?.id ?? "")),
    ).toHaveLength(0);
    // The lead's page links to the client, the client's page to the lead.
    const leadPage = await (
      await run(leadLoader, getRequest(`/portal/leads/${id}`, admin.cookie), { id })
    ).json();
    expect(leadPage.client).toEqual({ id: client?.id, name: "Khumalo Clinics" });
    const clientPage = await (
      await run(clientLoader, getRequest(`/portal/clients/${client?.id}`, admin.cookie), {
        id: client?.id ?? "",
      })
    ).json();
    expect(clientPage.client.lead).toEqual({ id, name: "Zanele Khumalo" });
    expect(clientPage.invitations).toEqual([
      expect.objectContaining({ email: "zanele@example.co.za", status: "pending" }),
    ]);
  });

  it("a quote lead becomes a client named after the person, with its first project", async () => {
    const { id, start, finish } = await newQuoteLead("pieter@example.co.za");
    const res = await convert(id);
    expect(res.status).toBe(302);
    const lead = await leadRow(id);
    const [client] = await h.handle.db
      .select()
      .from(clients)
      .where(eq(clients.id, lead?.clientId ?? ""));
    expect(client?.name).toBe("Pieter van Wyk");
    const [project] = await h.handle.db
      .select()
      .from(projects)
      .where(eq(projects.clientId, client?.id ?? ""));
    expect(project).toMatchObject({
      title: "Growth Package",
      status: "active",
      progress: 0,
      startDate: start,
      dueDate: finish,
      createdBy: admin.id,
    });
    // The quote's words and address are the agency's note, not the description clients see;
    // the phone and address are on the client's record.
    expect(project?.description).toBeNull();
    expect(client).toMatchObject({
      phone: "+27 82 000 0000",
      address: "12 Long Street, Cape Town",
    });
    const [note] = await h.handle.db
      .select()
      .from(internalNotes)
      .where(eq(internalNotes.projectId, project?.id ?? ""));
    expect(note?.body).toContain("An assistant that answers our customers on WhatsApp.");
    expect(note?.body).toContain("Address: 12 Long Street, Cape Town");
    const [created] = await h.handle.db
      .select()
      .from(activity)
      .where(eq(activity.projectId, project?.id ?? ""));
    expect(created).toMatchObject({ kind: "project.created", clientId: client?.id });
    const clientPage = await (
      await run(clientLoader, getRequest(`/portal/clients/${client?.id}`, admin.cookie), {
        id: client?.id ?? "",
      })
    ).json();
    expect(clientPage.projects).toEqual([
      expect.objectContaining({ title: "Growth Package", status: "active" }),
    ]);
  });

  it("the preview makes and mails nothing; the administrator's choices are what is made", async () => {
    const id = await newContactLead("preview@example.co.za", "Preview Ltd");
    const before = await counts();
    const [mailBefore] = await h.handle.db.select({ n: count() }).from(emailOutbox);
    const preview = await run(
      previewLoader,
      getRequest(`/portal/leads/${id}/convert`, admin.cookie),
      {
        id,
      },
    );
    expect(preview.status).toBe(200);
    expect((await preview.json()).preview).toMatchObject({
      name: "Preview Ltd",
      email: "preview@example.co.za",
      invite: "lead",
      createProject: false,
    });
    expect(await counts()).toEqual(before);
    const [mailAfter] = await h.handle.db.select({ n: count() }).from(emailOutbox);
    expect(mailAfter?.n).toBe(mailBefore?.n);

    const res = await convert(id, admin.cookie, {
      name: "Preview Holdings",
      invite: "none",
      createProject: "on",
      title: "Pilot",
      description: "A pilot for two branches.",
    });
    expect(res.status).toBe(302);
    const lead = await leadRow(id);
    const [client] = await h.handle.db
      .select()
      .from(clients)
      .where(eq(clients.id, lead?.clientId ?? ""));
    expect(client?.name).toBe("Preview Holdings");
    const [project] = await h.handle.db
      .select()
      .from(projects)
      .where(eq(projects.clientId, client?.id ?? ""));
    expect(project).toMatchObject({ title: "Pilot", description: "A pilot for two branches." });
    const invited = await h.handle.db
      .select()
      .from(invitations)
      .where(eq(invitations.clientId, client?.id ?? ""));
    expect(invited).toEqual([]);
    const [mailLast] = await h.handle.db.select({ n: count() }).from(emailOutbox);
    expect(mailLast?.n).toBe(mailBefore?.n);

    // A first project needs a title: refused, nothing made, what was typed comes back.
    const other = await newContactLead("preview2@example.co.za", "Other Ltd");
    const refused = await convert(other, admin.cookie, { createProject: "on", title: "" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ field: "title", values: { name: "Other Ltd" } });
    expect((await leadRow(other))?.clientId).toBeNull();
  });

  it("converting twice is refused with a clear message, creating nothing", async () => {
    const { id } = await newQuoteLead("twice@example.co.za");
    expect((await convert(id)).status).toBe(302);
    const before = await counts();
    const again = await convert(id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ ok: false, error: ALREADY_CONVERTED });
    expect(await counts()).toEqual(before);
  });

  it("an unknown or malformed lead is 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "' or 1=1 --"]) {
      const res = await convert(id);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toMatchObject({ error: LEAD_NOT_FOUND });
    }
  });

  it("a step that refuses undoes the whole conversion (the lead's address is an administrator's)", async () => {
    const id = await newContactLead("admin@example.co.za", "Our own agency");
    const before = await counts();
    const [mailBefore] = await h.handle.db.select({ n: count() }).from(emailOutbox);
    const res = await convert(id);
    expect(res.status).toBe(409);
    expect(await counts()).toEqual(before);
    const [mailAfter] = await h.handle.db.select({ n: count() }).from(emailOutbox);
    expect(mailAfter?.n).toBe(mailBefore?.n);
    expect(await leadRow(id)).toMatchObject({ status: "new", clientId: null });
  });

  it("only administrators convert, and never while viewing as a client", async () => {
    const contact = await signUp("curious@example.co.za", { fullName: "Curious" });
    const id = await newContactLead("prospect@example.co.za", null);
    const before = await counts();
    expect((await convert(id, contact.cookie)).status).toBe(403);
    expect((await convert(id, await viewingAsCookie(admin, contact.clientId))).status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await leadRow(id))?.clientId).toBeNull();
  });

  it("retention keeps a lead that became a client, and erases the others", async () => {
    const kept = await newContactLead("kept@example.co.za", "Kept Ltd");
    await convert(kept);
    const gone = await newContactLead("gone@example.co.za", "Gone Ltd");
    const later = new Date(Date.now() + 30 * 31 * 24 * 60 * 60 * 1000);
    await purgeExpired(h.handle.db, later, 24);
    expect(await leadRow(kept)).toBeDefined();
    expect(await leadRow(gone)).toBeUndefined();
    const [client] = await h.handle.db.select().from(clients).where(eq(clients.leadId, kept));
    expect(client?.name).toBe("Kept Ltd");
  });
});
