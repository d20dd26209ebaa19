/**
 * 'Convert to client' (decisions 022, 067 and 095): the administrator first sees a preview
 * (`conversionPreview`: the client's name from the lead's company, whom to invite — the lead's
 * address, one they type (a WhatsApp lead has none), or no one —, whether to
 * create a first project and its title), changes what they like and confirms; only then is
 * anything made or mailed. The lead becomes a client (with the lead's phone and address), the
 * lead's address is invited when chosen, a first project is created when chosen (its
 * description is what the administrator wrote, never the raw quote), and the quote's details go
 * to an internal note the client never sees. All of it in one transaction; the lead is then
 * 'won' and both link to each other. Converting twice is refused.
 */
import { eq } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import type { ConvertLeadInput } from "~/lib/validation/clients";
import type { Database } from "../db/client.server";
import {
  clients,
  internalNotes,
  leads,
  type leads as leadsTable,
  projects,
} from "../db/schema.server";
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

/** What the preview offers for a lead: every field as the administrator first sees it. */
export interface ConversionPreview {
  name: string;
  /** The lead's address (empty for a WhatsApp lead): invited when `invite` is 'lead'. */
  email: string;
  /** Whom to invite: no one, the lead's address, or an address the administrator types. */
  invite: "none" | "lead" | "email";
  createProject: boolean;
  title: string;
  description: string;
  phone: string | null;
  address: string | null;
  /** The quote's details, kept as an internal note (never the project's description). */
  note: string | null;
}

export function conversionPreview(lead: Lead): ConversionPreview {
  return {
    name: (lead.company?.trim() || clientNameFor({ name: lead.name, email: lead.email })).slice(
      0,
      200,
    ),
    email: lead.email,
    invite: lead.email.trim() ? "lead" : "none",
    createProject: lead.kind === "quote",
    title: lead.packageName ? `${lead.packageName} Package` : "First project",
    description: "",
    phone: lead.phone?.trim() || null,
    address: lead.address?.trim() || null,
    note: quoteNote(lead),
  };
}

/** The lead's own words and the quote's details, for the agency's internal note. */
function quoteNote(lead: Lead): string | null {
  const lines = [
    lead.kind === "quote"
      ? `Quote request${lead.packageName ? `: ${lead.packageName} package` : ""}`
      : null,
    lead.message.trim() ? `Message: ${lead.message.trim()}` : null,
    lead.address ? `Address: ${lead.address}` : null,
    lead.phone ? `Phone: ${lead.phone}` : null,
    lead.startDate ? `Start: ${formatDate(lead.startDate)}` : null,
    lead.finishDate ? `Finish: ${formatDate(lead.finishDate)}` : null,
  ].filter((line): line is string => line !== null);
  return lines.length > 0 ? lines.join("\n").slice(0, 5000) : null;
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
  "This lead has no e-mail address to invite. Type the address to invite, or choose 'No one for now'.";

export async function convertLead(
  db: Database,
  actor: Inviter,
  leadId: unknown,
  input: ConvertLeadInput,
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
      const preview = conversionPreview(lead);
      const [client] = await tx
        .insert(clients)
        .values({
          name: input.name,
          leadId: lead.id,
          phone: preview.phone,
          address: preview.address,
        })
        .returning({ id: clients.id });
      const clientId = (client as { id: string }).id;
      if (input.invite !== "none") {
        // A WhatsApp lead has no address of its own: the administrator types one (decision 095).
        const email = input.invite === "email" ? (input.inviteEmail ?? "") : lead.email.trim();
        if (!email) throw new Refusal(refused(409, NO_EMAIL_TO_INVITE));
        const invited = await inviteIn(
          tx,
          actor,
          { clientId, name: oneLineName(lead.name), email },
          now,
        );
        if (!invited.ok) throw new Refusal(invited);
      }
      let projectId: string | null = null;
      if (input.createProject) {
        const project = {
          title: input.title ?? preview.title,
          description: input.description || null,
          startDate: lead.startDate,
          dueDate: lead.finishDate,
        };
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
      if (preview.note) {
        await tx
          .insert(internalNotes)
          .values(
            projectId
              ? { projectId, authorId: actor.id, body: preview.note }
              : { clientId, authorId: actor.id, body: preview.note },
          );
      }
      await tx
        .update(leads)
        .set({
          status: "won",
          clientId,
          firstStatusChangeAt: lead.firstStatusChangeAt ?? now,
          // A lead without an address (WhatsApp) keeps the one its person was invited at.
          ...(input.invite === "email" && !lead.email.trim()
            ? { email: input.inviteEmail ?? "" }
            : {}),
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
