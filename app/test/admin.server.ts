import { and, desc, eq, like } from "drizzle-orm";
import { loader as apiAuthLoader } from "~/routes/api/auth";
import { getDb } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema.server";
import { getRequest, run } from "./harness.server";

/**
 * Open the newest confirmation link mailed to the address (from the outbox), as its owner
 * would: the address is proven (decision 034), and an ADMIN_EMAILS address's account becomes
 * administrator (decision 013). Returns the mail's text.
 */
export async function proveAddress(email: string): Promise<string> {
  const db = await getDb();
  const [mail] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.toAddress, email), like(emailOutbox.textBody, "%/api/auth/verify-email%")),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\S*/)?.[0];
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  const url = new URL(link);
  const res = await run(apiAuthLoader, getRequest(`${url.pathname}${url.search}`));
  if (res.status !== 302 || res.headers.get("location")?.includes("error=")) {
    throw new Error(`the confirmation link for ${email} did not work (${res.status})`);
  }
  return mail?.text ?? "";
}
