import { randomBytes } from "node:crypto";
import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { partsLoaded } from "~/components/hydrate-on-use";
import { installClassCheck } from "~/lib/class-check";
import { themeScript } from "~/lib/theme";
import { applyAdminEmails } from "~/server/accounts/roles.server";
import { invoiceReminderJobs } from "~/server/billing/invoice-reminders.server";
import { billingJobs } from "~/server/billing/invoices.server";
import { payfastConfig } from "~/server/billing/payments.server";
import { bookingJobs } from "~/server/bookings/booking-reminders.server";
import { busyFeedJobs } from "~/server/bookings/hosts.server";
import { archivedAsset, publishBuildAssets } from "~/server/build-assets.server";
import { now, testClockEnabled } from "~/server/clock.server";
import { closeDatabase, getDatabase } from "~/server/db/client.server";
import {
  databaseHealthy,
  isConnectionError,
  markUnhealthy,
  startHealthMonitor,
  stopHealthMonitor,
} from "~/server/db/health.server";
import { pgliteMaintenanceJobs } from "~/server/db/maintenance.server";
import { DeferHydrationError, deferHydration } from "~/server/defer-hydration.server";
import { fileJobs, startUploadCleanup } from "~/server/deliverables/files.server";
import { resumableJobs } from "~/server/deliverables/resumable.server";
import { createMailer } from "~/server/email/mailer.server";
import { setOutboxWorker, startOutboxWorker, stopOutboxWorker } from "~/server/email/outbox.server";
import { env } from "~/server/env.server";
import { startJobScheduler } from "~/server/jobs.server";
import { warmSemantic } from "~/server/leads/assistant-semantic.server";
import { logger } from "~/server/logger.server";
import { notificationJobs } from "~/server/notifications/notification-mail.server";
import { reminderJobs } from "~/server/notifications/reminders.server";
import {
  startWhatsAppWorker,
  stopWhatsAppWorker,
  whatsappConfig,
} from "~/server/notifications/whatsapp.server";
import { privacyJobs } from "~/server/privacy/privacy.server";
import { rateLimitJobs } from "~/server/rate-limits.server";
import { documentCsp, sha256Source } from "~/server/security.server";
import { whatsappChatJobs } from "~/server/whatsapp/assistant-chat.server";
import { figureChangesJobs } from "~/server/workspace/changes.server";
import {
  endEventStreams,
  markShuttingDown,
  startEventBus,
  stopEventBus,
} from "~/server/workspace/events.server";

export const streamTimeout = 5_000;

/** server.ts answers a file's upload or download through these, before React Router (decision 109). */
export { isFileTransfer, serveFileTransfer } from "~/routes/portal/file-transfers.server";

// CLASS_CHECK=throw (the build's prerender, the e2e server) fails a render whose class lists
// override each other; CLASS_CHECK=warn logs them. Unset: no check (production).
if (process.env.CLASS_CHECK === "throw" || process.env.CLASS_CHECK === "warn") {
  installClassCheck(process.env.CLASS_CHECK, (message) => logger.warn(message));
}
const THEME_SCRIPT_HASH = sha256Source(themeScript);
let stopJobs: (() => Promise<void>) | undefined;

/** Called by server.ts before it listens: settings, database and migrations. */
export async function startServer() {
  const settings = env();
  const handle = await getDatabase();
  await applyAdminEmails(handle.db, settings.ADMIN_EMAILS);
  await startUploadCleanup(handle);
  await startEventBus(handle);
  if (handle.pool) startHealthMonitor(handle.pool);
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, dataDir: settings.DATA_DIR });
  setOutboxWorker(startOutboxWorker(handle.db, mailer, { from: settings.MAIL_FROM }));
  logger.info(`outgoing mail: ${mailer.describe}`);
  const whatsapp = whatsappConfig(settings);
  if (whatsapp) startWhatsAppWorker(handle.db, whatsapp);
  logger.info(`WhatsApp: ${whatsapp ? `on, through ${whatsapp.apiUrl}` : "off"}`);
  // The assistant's sentence model loads now, not on the first visitor's question (decision 144).
  void warmSemantic().then((ms) => {
    if (ms !== null) logger.info(`assistant's sentence model ready in ${ms} ms`);
  });
  // Account erasure and lead retention; under the browser tests' clock, checked every second.
  if (testClockEnabled()) logger.warn("TEST CLOCK ON: for the browser tests only");
  const jobs = [
    ...privacyJobs(settings.LEAD_RETENTION_MONTHS),
    ...whatsappChatJobs,
    ...fileJobs,
    ...resumableJobs,
    ...rateLimitJobs,
    ...figureChangesJobs,
    ...notificationJobs(settings.NOTIFICATION_MAIL_GROUP_SECONDS),
    ...reminderJobs,
    ...bookingJobs,
    ...billingJobs,
    ...invoiceReminderJobs,
    ...busyFeedJobs,
    ...(handle.driver === "pglite" ? pgliteMaintenanceJobs : []),
  ];
  stopJobs = startJobScheduler(handle.db, {
    jobs,
    now,
    // Every minute, or as often as the most frequent job (a short mail grouping in tests).
    tickMs: testClockEnabled()
      ? 1000
      : Math.max(1000, Math.min(60_000, ...jobs.map((j) => j.everyMs))),
  });
  logger.info(
    {
      database: handle.driver,
      dataDir: handle.driver === "pglite" ? settings.DATA_DIR : undefined,
    },
    "database ready",
  );
}

/**
 * Called by server.ts after `startServer`, before it listens: this build's hashed assets go
 * into the database, for instances of other builds during a rolling deploy (decision 064).
 */
export async function publishAssets(clientDir: string) {
  const handle = await getDatabase();
  const published = await publishBuildAssets(handle.db, clientDir, now());
  logger.info(published, "build assets published");
}

/** An asset this build does not have (an earlier or later build's), or null. */
export async function findArchivedAsset(urlPath: string) {
  return archivedAsset((await getDatabase()).db, urlPath);
}

/** Called by server.ts on SIGTERM/SIGINT as soon as it stops accepting: end open streams. */
export function beginShutdown() {
  markShuttingDown();
  endEventStreams();
}

/** Called by server.ts once in-flight requests have finished. */
export async function stopServer() {
  stopHealthMonitor();
  await stopJobs?.();
  await stopOutboxWorker();
  await stopWhatsAppWorker();
  await stopEventBus();
  await closeDatabase();
}

/** server.ts answers 503 at once while this is false. */
export { databaseHealthy };

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // The client's mistake that React Router answers itself (a POST to a page with no action:
  // 405; a path no route matches): a line at info, without its text, which anyone could choose.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const path = new URL(request.url).pathname;
    logger.info({ status: error.status, method: request.method, path }, "request refused");
    return;
  }
  if (isConnectionError(error)) markUnhealthy(error);
  // The path only: a query can carry tokens, addresses and what someone searched for.
  logger.error({ err: error, path: new URL(request.url).pathname }, "request failed");
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The parts hydrated on first use render whole, never suspended (hydrate-on-use.tsx); at
  // start, the prerender's first requests come before their modules have loaded.
  await partsLoaded();

  // Documents rendered per request get a fresh CSP nonce. Prerendered pages (rendered at build
  // time) get none: the server allows their inline scripts by hash instead.
  const prerendering = process.env.IS_RR_BUILD_REQUEST === "yes";
  const nonce = prerendering ? undefined : randomBytes(16).toString("base64");
  if (nonce) {
    // The theme script in <head> (app/root.tsx) is allowed by its hash: it runs before paint.
    responseHeaders.set(
      "Content-Security-Policy",
      documentCsp([`'nonce-${nonce}'`, THEME_SCRIPT_HASH], payfastFormTargets()),
    );
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // A page rendered per request is sent whole, rewritten to hydrate after its first paint
    // (decision 010, as the prerendered pages are at build time): its loaders have all run
    // before the render, so waiting for the end of the render costs no time. A prerendered page
    // is written whole too. A document sent whole has every Suspense boundary in place: React
    // otherwise sends a large one (a form hydrated on first use, hydrate-on-use.tsx) after the
    // page with a script that moves it into place, and without JavaScript it stays hidden.
    const readyOption: keyof RenderToPipeableStreamOptions =
      prerendering || nonce || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        progressiveChunkSize: readyOption === "onAllReady" ? Number.POSITIVE_INFINITY : undefined,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (nonce) {
            const chunks: Buffer[] = [];
            const sink = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                const html = deferSsrHydration(Buffer.concat(chunks).toString("utf8"));
                resolve(
                  new Response(html, { headers: responseHeaders, status: responseStatusCode }),
                );
                callback();
              },
            });
            pipe(sink);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

let deferWarned = false;

/**
 * The document with hydration deferred past its first paint. A document this rewrite does not
 * recognise (a React Router upgrade) goes out as rendered, with one warning in the log:
 * slower to paint, never broken. The build fails on the same change (scripts/build.sh).
 */
function deferSsrHydration(html: string): string {
  try {
    return deferHydration(html);
  } catch (error) {
    if (!(error instanceof DeferHydrationError)) throw error;
    if (!deferWarned) logger.warn({ err: error }, "document sent without deferred hydration");
    deferWarned = true;
    return html;
  }
}

/** 'Pay now' posts to PayFast: its origin joins the pages' form-action when it is on. */
function payfastFormTargets(): string[] {
  const config = payfastConfig(env());
  return config ? [new URL(config.url).origin] : [];
}
