/**
 * The /demo chat's checks in the browser: the chat's schemas, loaded on first use (a chunk of
 * its own, never part of a page's first load). The assistant itself answers on the server
 * (decision 139: its sentence model is server-only), so its engine and index no longer ship
 * to the browser.
 */
export { chatHandoverSchema, chatQuestionSchema } from "~/lib/validation/chat";
export { firstIssue } from "~/lib/validation/zod";
