/**
 * What Analytics needs to know about leads beyond the lead itself: the history of its status
 * (kept from now on, one row per change) and the page its form was on.
 */
import type { Database } from "../db/client.server";
import { type LeadStatus, leadEvents } from "../db/schema.server";

type Tx = Pick<Database, "insert">;

/** Keep one change of a lead's status. Call it in the transaction that changes the status. */
export async function recordLeadStatusChange(
  tx: Tx,
  input: { leadId: string; from: LeadStatus; to: LeadStatus; actorId: string | null; now?: Date },
) {
  await tx.insert(leadEvents).values({
    leadId: input.leadId,
    fromStatus: input.from,
    toStatus: input.to,
    actorId: input.actorId,
    ...(input.now ? { createdAt: input.now } : {}),
  });
}

const MAX_SOURCE_PATH = 200;

/** "/pricing" from "/pricing.data", "/contact/" or "/pricing?package=Growth" (path only). */
function pagePath(pathname: string): string {
  const path = pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1") || "/";
  return path.slice(0, MAX_SOURCE_PATH);
}

/** Where a submission was posted: the URL it was posted to and its `Referer` header. */
export interface PostedFrom {
  url: string;
  referer: string | null;
}

/**
 * The site page a lead's form was on: the path of the `Referer` when it is this site's own
 * (the browser sends it for same-origin posts), else the path the form posted to when that is
 * a page; null for the JSON endpoint called from elsewhere. Never the query string.
 */
export function leadSourcePath({ url, referer }: PostedFrom, baseUrl?: string): string | null {
  const own = new URL(baseUrl ?? url).origin;
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === own) return pagePath(from.pathname);
    } catch {
      // A malformed Referer says nothing.
    }
  }
  const posted = new URL(url).pathname;
  if (posted.startsWith("/functions/") || posted.startsWith("/api/")) return null;
  return pagePath(posted);
}
