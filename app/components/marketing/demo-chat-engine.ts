/**
 * The site assistant in the browser: its code, its index and the chat's schemas, loaded by the
 * demo chat on first use (a chunk of its own, never part of a page's first load).
 */
import indexData from "virtual:assistant-index";
import { Assistant } from "~/lib/assistant/engine";

export { chatHandoverSchema, chatQuestionSchema } from "~/lib/validation/chat";
export { firstIssue } from "~/lib/validation/zod";

let instance: Assistant | null = null;

export function siteAssistant(): Assistant {
  instance ??= new Assistant(indexData);
  return instance;
}
