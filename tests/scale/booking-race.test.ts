/**
 * No double booking with two instances (issue 33, point 3; decision 075): visitors post the
 * booking form for the same slot at the same moment, half through each instance of the build on
 * one PostgreSQL database. Exactly one gets the booking; every other one is answered 409 with
 * 'Sorry, that time was just taken' and the next free times, and nothing of theirs is kept.
 * Needs TEST_DATABASE_URL and a build. Ports 3681–3682 (booking's range).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "../../app/lib/dates.ts";
import { type Running, signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;
const VISITORS = 12;

let dbName = "";
let dbUrl = "";
const instances: Running[] = [];

const startInstance = (port: number) =>
  startBuiltServer(port, {
    DATABASE_URL: dbUrl,
    AUTH_SECRET: "booking-race-secret-booking-race-secret-01",
    LEAD_RATE_LIMIT_IP: "10000",
    LEAD_RATE_LIMIT_EMAIL: "10000",
    LOG_LEVEL: "fatal",
  });

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!baseUrl) return;
  ({ name: dbName, url: dbUrl } = await createScratchDatabase(baseUrl, "booking_race"));
  // One after the other: both migrate the same database (under an advisory lock).
  instances.push(await startInstance(3681));
  instances.push(await startInstance(3682));
}, 180_000);

afterAll(async () => {
  for (const i of instances) await i.stop();
  if (dbName && baseUrl) {
    await dropScratchDatabase(baseUrl, dbName);
  }
});

describeIf("booking one slot through two instances at once", () => {
  it("books it exactly once; every other visitor is told it was taken", async () => {
    const [one, two] = instances as [Running, Running];
    // One host, taking meetings every day from 08:00 to 18:00.
    await signUpOver(one.url, { email: "host@example.co.za", password: "secret-1", name: "Host" });
    const [host] = await sql<{ id: string }>(
      `select id from "user" where email = 'host@example.co.za'`,
    );
    await sql(`insert into booking_hosts (user_id, takes_meetings) values ($1, true)`, [host?.id]);
    for (let weekday = 0; weekday < 7; weekday += 1) {
      await sql(
        `insert into booking_hours (user_id, weekday, start_minute, end_minute) values ($1, $2, 480, 1080)`,
        [host?.id, weekday],
      );
    }
    const day = addDays(todayInSouthAfrica(), 2);
    const post = (n: number) => {
      const app = n % 2 === 0 ? one : two;
      return fetch(`${app.url}/book/consultation?day=${day}&time=10:00`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({
          day,
          time: "10:00",
          name: `Racer ${n}`,
          email: `racer${n}@example.co.za`,
          phone: "+27 82 555 0100",
          topic: "Who gets the slot?",
        }),
      });
    };
    const answers = await Promise.all(Array.from({ length: VISITORS }, (_, n) => post(n)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([302, ...Array(VISITORS - 1).fill(409)]);
    const refused = answers.find((a) => a.status === 409);
    const html = (await refused?.text()) ?? "";
    expect(html).toContain("Sorry, that time was just taken. Choose another time below.");
    expect(html).toContain("Choose another time");

    const kept = await sql<{ n: number; units: number; leads: number }>(
      `select (select count(*)::int from bookings) as n,
              (select count(*)::int from booking_units) as units,
              (select count(*)::int from leads) as leads`,
    );
    // One booking; its 30 minutes and the 15-minute buffer after: nine 5-minute units.
    expect(kept).toEqual([{ n: 1, units: 9, leads: 1 }]);
  });
});
