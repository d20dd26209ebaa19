/**
 * The site assistant: finds the passage of the site's own content that best answers a question
 * (MiniSearch, BM25 over an index built at build time, decision 015) and replies with it and a
 * link to its page, or says plainly that it is not sure. Runs the same in the browser (loaded
 * on first use) and on the server (the /demo action, without JavaScript).
 */
import MiniSearch, { type SearchResult } from "minisearch";
import { processTerm, questionTerms, refersBack, tokenize } from "./text";

/** A passage as shipped with the index: what a reply needs, not what the search needs. */
export interface IndexedPassage {
  id: string;
  url: string;
  page: string;
  answer: string;
}

export interface AssistantIndexData {
  passages: IndexedPassage[];
  /** MiniSearch's JSON (MiniSearch.toJSON), loaded with the same options. */
  search: unknown;
}

export type Reply =
  | { kind: "answer"; text: string; url: string; page: string }
  | { kind: "unsure"; text: string }
  | { kind: "smalltalk"; text: string };

export const UNSURE_REPLY =
  "I'm not sure I can answer that correctly from our website. I can pass your question to our team: leave your name and e-mail below and someone will reply within 24 hours on business days.";

/** Fields searched, and how much a match in each counts. */
export const SEARCH_FIELDS = ["title", "text", "keywords"] as const;
const BOOST = { title: 2, keywords: 1.5, text: 1 };

export const MINISEARCH_OPTIONS = {
  idField: "id",
  fields: [...SEARCH_FIELDS],
  storeFields: [] as string[],
  tokenize,
  processTerm,
  searchOptions: {
    boost: BOOST,
    processTerm,
    prefix: (term: string) => term.length >= 6,
    fuzzy: (term: string) => (term.length >= 6 ? 0.2 : false),
    weights: { fuzzy: 0.4, prefix: 0.6 },
    // Legal pages are long and mention everything once; they answer privacy questions, which
    // carry their own words ("privacy", "cookie", "delete"), rather than sales questions.
    boostDocument: (id: unknown) => (String(id).startsWith("legal-") ? 0.6 : 1),
  },
};

/** A reply needs at least this share of the question's words found in the passage… */
const MIN_COVERAGE = 0.6;
/** …and at least this score. */
const MIN_SCORE = 4;

function confident(top: Ranked | undefined): top is Ranked {
  return top !== undefined && top.coverage >= MIN_COVERAGE && top.score >= MIN_SCORE;
}

const GREETING = /^(hi|hello|hey|howzit|good (morning|afternoon|evening)|sawubona|molo|hallo)\b/i;
const THANKS = /^(thanks|thank you|thx|cheers|great|ok|okay|perfect|awesome)\b/i;

export interface Ranked {
  passage: IndexedPassage;
  score: number;
  coverage: number;
}

export class Assistant {
  private readonly search: MiniSearch;
  private readonly byId: Map<string, IndexedPassage>;

  constructor(data: AssistantIndexData) {
    this.search = MiniSearch.loadJS(data.search as never, MINISEARCH_OPTIONS);
    this.byId = new Map(data.passages.map((p) => [p.id, p]));
  }

  /**
   * Passages ranked for a question. A follow-up ("how much is it?") is searched together with
   * the previous question; a short question that is vague on its own gets the same context.
   */
  rank(question: string, previous?: string | null): Ranked[] {
    const terms = questionTerms(question);
    if (terms.length === 0) return [];
    if (previous && refersBack(question))
      return this.searchRanked(`${question} ${previous}`, terms);
    const alone = this.searchRanked(question, terms);
    if (previous && terms.length <= 2 && !confident(alone[0])) {
      return this.searchRanked(`${question} ${previous}`, terms);
    }
    return alone;
  }

  private searchRanked(query: string, terms: string[]): Ranked[] {
    const results: SearchResult[] = this.search.search(query);
    // A word found nowhere on the site ("bitcoin", "printer") counts twice against confidence.
    const known = new Set(results.flatMap((r) => r.queryTerms));
    const weight = terms.reduce((sum, t) => sum + (known.has(t) ? 1 : 2), 0);
    const ranked: Ranked[] = [];
    for (const r of results) {
      const passage = this.byId.get(String(r.id));
      if (!passage) continue;
      const matched = terms.filter((t) => r.queryTerms.includes(t)).length;
      ranked.push({ passage, score: r.score, coverage: matched / weight });
    }
    return ranked;
  }

  /** Distinct pages in rank order (the page each answer would link to, without #fragment). */
  rankPages(question: string, previous?: string | null): string[] {
    const pages: string[] = [];
    for (const r of this.rank(question, previous)) {
      const page = r.passage.url.split("#")[0] as string;
      if (!pages.includes(page)) pages.push(page);
    }
    return pages;
  }

  reply(question: string, previous?: string | null): Reply {
    const text = question.trim();
    const terms = questionTerms(text);
    if (terms.length === 0 || (terms.length <= 1 && GREETING.test(text))) {
      if (GREETING.test(text)) {
        return {
          kind: "smalltalk",
          text: "Hello! What would you like to know? You can ask about our services, packages and prices, case studies, or how to reach us.",
        };
      }
      if (THANKS.test(text)) {
        return { kind: "smalltalk", text: "You're welcome! Anything else I can help with?" };
      }
    }
    const top = this.rank(text, previous)[0];
    if (!top || !confident(top)) {
      return { kind: "unsure", text: UNSURE_REPLY };
    }
    return {
      kind: "answer",
      text: top.passage.answer,
      url: top.passage.url,
      page: top.passage.page,
    };
  }
}
