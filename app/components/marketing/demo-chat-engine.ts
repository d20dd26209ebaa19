/**
 * The site assistant in the browser: its code and index, loaded by the demo chat on first use
 * (a chunk of its own, never part of a page's first load).
 */
import indexData from "virtual:assistant-index";
import { Assistant } from "~/lib/assistant/engine";

let instance: Assistant | null = null;

export function siteAssistant(): Assistant {
  instance ??= new Assistant(indexData);
  return instance;
}
