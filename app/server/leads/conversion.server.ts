/**
 * 'Convert to client' (decision 022): a lead becomes a client (named after the lead's company,
 * else the person), the lead's address is invited as its first contact, and a quote request
 * becomes the client's first project with the quote's package, words and dates. All of it in
 * one transaction; the lead is then 'won' and both link to each other. Converting twice is
 * refused.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { clients, leads, type leads as leadsTable, projects } from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { type Inviter, inviteIn } from "../invitations/invitations.server";
import { type Outcome, type Refused, refused } from "../outcome.server";
import { recordActivity } from "../workspace/activity.server";
import { publishChange } from "../workspace/events.server";
import { clientNameFor } from "../workspace/membership.server";
import { parseId } from "../workspace/scope.server";
import { recordLeadStatusChange } from "./lead-history.server";
import { LEAD_NOT_FOUND } from "./leads.server";

export const ALREADY_CONVERTED = "This lead has already been converted to a client.";

type Lead = typeof leadsTable.$inferSelect;

/** The first project of a converted quote request. */
export function projectFromQuote(lead: Lead) {
  const title = lead.packageName ? `${lead.packageName} Package` : "First project";
  const description = [lead.message.trim(), lead.address ? `Address: ${lead.address}` : null]
    .filter(Boolean)
    .join("\n\n")
    .slice(0, 2000);
  return {
    title,
    description: description || null,
    startDate: lead.startDate,
    dueDate: lead.finishDate,
  };
}

/** A name as an invitation holds it: one line, at most 100 characters. */
function oneLineName(name: string) {
  return name.replace(/\s+/g, " ").trim().slice(0, 100) || "there";
}

/** Thrown inside the transaction to undo it when a step refuses. */
class Refusal extends Error {
  constructor(readonly outcome: Refused) {
    super(outcome.message);
  }
}

export interface Converted {
  clientId: string;
  projectId: string | null;
}

export const NO_EMAIL_TO_INVITE =
  "This lead has no e-mail address to invite. Ask for one, then add the client and invite them from Clients.";

export async function convertLead(
  db: Database,
  actor: Inviter,
  leadId: unknown,
  now: Date,
): Promise<Outcome<Converted>> {
  const id = parseId(leadId);
  if (!id) return refused(404, LEAD_NOT_FOUND);
  let converted: Converted;
  try {
    converted = await db.transaction(async (tx) => {
      const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for("update");
      if (!lead) throw new Refusal(refused(404, LEAD_NOT_FOUND));
      if (lead.clientId) throw new Refusal(refused(409, ALREADY_CONVERTED));
      // A WhatsApp lead has no address to invite (decision 079).
      if (!lead.email.trim()) throw new Refusal(refused(409, NO_EMAIL_TO_INVITE));
      const name = lead.company?.trim() || clientNameFor({ name: lead.name, email: lead.email });
      const [client] = await tx
        .insert(clients)
        .values({ name: name.slice(0, 200), leadId: lead.id })
        .returning({ id: clients.id });
      const clientId = (client as { id: string }).id;
      const invited = await inviteIn(
        tx,
        actor,
        { clientId, name: oneLineName(lead.name), email: lead.email },
        now,
      );
      if (!invited.ok) throw new Refusal(invited);
      let projectId: string | null = null;
      if (lead.kind === "quote") {
        const project = projectFromQuote(lead);
        const [row] = await tx
          .insert(projects)
          .values({ ...project, clientId, createdBy: actor.id })
          .returning({ id: projects.id, status: projects.status, progress: projects.progress });
        const created = row as { id: string; status: string; progress: number };
        projectId = created.id;
        await recordActivity(tx, {
          clientId,
          projectId,
          actorId: actor.id,
          kind: "project.created",
          data: { title: project.title, status: created.status, progress: created.progress },
        });
      }
      await tx
        .update(leads)
        .set({
          status: "won",
          clientId,
          firstStatusChangeAt: lead.firstStatusChangeAt ?? now,
        })
        .where(eq(leads.id, lead.id));
      // Analytics' funnel and timing read the lead's history (decision 024).
      if (lead.status !== "won") {
        await recordLeadStatusChange(tx, {
          leadId: lead.id,
          from: lead.status,
          to: "won",
          actorId: actor.id,
          now,
        });
      }
      return { clientId, projectId };
    });
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
  wakeOutbox();
  publishChange("clients", { clientIds: [converted.clientId] }, actor.id);
  if (converted.projectId) publishChange("projects", { clientIds: [converted.clientId] }, actor.id);
  return { ok: true, ...converted };
}
