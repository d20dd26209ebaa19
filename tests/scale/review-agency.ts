/**
 * The agency the two-instance notification tests share (notification mail, WhatsApp): an
 * administrator, and a client with two contacts and one project, made through the app's own
 * sign-up and project form on one instance, with the administrator's role and the second
 * contact's client set in the database. `markReady` adds a milestone and marks it 'Ready for
 * review' through whichever instance it is given.
 */
import type pg from "pg";
import { expect } from "vitest";
import { type Running, signUpOver } from "../../scripts/serve-build.ts";

/** A form posted to an instance as a signed-in browser would (same-origin). */
export const postForm = (
  at: Running,
  path: string,
  cookie: string,
  fields: Record<string, string>,
) =>
  fetch(`${at.url}${path}`, {
    method: "POST",
    headers: { cookie, origin: at.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

export async function setUpReviewAgency(at: Running, db: pg.Client, projectTitle: string) {
  const stamp = Date.now();
  const email = (who: "staff" | "c1" | "c2") => `${who}-${stamp}@example.co.za`;
  const admin = await signUpOver(at.url, {
    email: email("staff"),
    password: "secret-1",
    name: "Staff",
  });
  const first = await signUpOver(at.url, {
    email: email("c1"),
    password: "secret-1",
    name: "Contact One",
  });
  const second = await signUpOver(at.url, {
    email: email("c2"),
    password: "secret-1",
    name: "Contact Two",
  });
  await db.query(
    `insert into user_roles (user_id, role) select id, 'admin' from "user" where email = $1`,
    [email("staff")],
  );
  expect(
    (await postForm(at, "/portal/projects", first, { intent: "create", title: projectTitle }))
      .status,
  ).toBe(200);
  const { rows } = await db.query<{ id: string; client_id: string }>(
    "select id, client_id from projects where title = $1",
    [projectTitle],
  );
  const projectPath = `/portal/projects/${rows[0]?.id}`;
  await db.query(
    `update profiles set client_id = $1 where id = (select id from "user" where email = $2)`,
    [rows[0]?.client_id, email("c2")],
  );

  let milestones = 0;
  /** A milestone marked 'Ready for review' through `via`: the answer's status and time. */
  async function markReady(via: Running) {
    milestones += 1;
    const title = `Milestone ${milestones}`;
    const made = await postForm(via, projectPath, admin, {
      intent: "create-milestone",
      title,
      dueDate: "2026-12-10",
      status: "planned",
    });
    expect(made.status).toBe(200);
    const found = await db.query<{ id: string }>("select id from milestones where title = $1", [
      title,
    ]);
    const started = Date.now();
    const marked = await postForm(via, projectPath, admin, {
      intent: "review-milestone",
      milestoneId: found.rows[0]?.id as string,
    });
    return { status: marked.status, ms: Date.now() - started, title };
  }

  return { stamp, email, admin, contacts: [first, second] as const, projectPath, markReady };
}
