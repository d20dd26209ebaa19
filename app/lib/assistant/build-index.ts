/** Builds the assistant's index from its passages (at build time; tests call it directly). */
import MiniSearch from "minisearch";
import { type AssistantIndexData, MINISEARCH_OPTIONS } from "./engine";
import { buildPassages, type Passage } from "./passages";

export function buildIndexData(passages: Passage[]): AssistantIndexData {
  const search = new MiniSearch<Passage>(MINISEARCH_OPTIONS);
  search.addAll(passages);
  return {
    passages: passages.map(({ id, url, page, answer }) => ({ id, url, page, answer })),
    search: search.toJSON(),
  };
}

/** The index of the site's own content (what the build writes into virtual:assistant-index). */
export function siteIndexData(): AssistantIndexData {
  return buildIndexData(buildPassages());
}
