/**
 * The site assistant (decisions 015 and 038): finds the passage of the site's own content that
 * best answers a question in its conversation and replies with it and a link to its page, or
 * says plainly that it is not sure, or passes the conversation on when the visitor asks for a
 * person. Three steps:
 *
 * 1. Read the question: concepts, phrases, South African usage and typing slips (text.ts); a
 *    follow-up ("and the Growth one?", "how much?") borrows what the earlier questions were
 *    about, less strongly than its own words, and drops what it replaces (Growth for Starter).
 * 2. Find candidates: MiniSearch (BM25+, title and keywords weighted above text).
 * 3. Re-rank them: how much of the question each passage covers (rare words count more than
 *    common ones, a word the site never uses counts most), whether it is about what the
 *    question names (a package, a service, an industry, a case study, a legal page, a contact
 *    detail), and whether it states what the question asks for (a price, a duration).
 *
 * It answers only when the best passage covers enough of the question. Runs the same in the
 * browser (loaded on first use) and on the server (the /demo action, and any other channel).
 */
import MiniSearch, { type SearchResult } from "minisearch";
import { processTerm, type ReadWord, readWords, refersBack, tokenize } from "./text";

/** A passage as shipped with the index: what a reply needs, not what the search needs. */
export interface IndexedPassage {
  id: string;
  url: string;
  page: string;
  answer: string;
  /** What it is about ("package:growth") and what it states ("states:price"). */
  tags: string[];
  /** Added to its rank: below zero for pages that mention much but rarely answer (legal). */
  prior?: number;
}

export interface AssistantIndexData {
  passages: IndexedPassage[];
  /** MiniSearch's JSON (MiniSearch.toJSON), loaded with the same options. */
  search: unknown;
  /** How many passages each term is in. */
  df: Record<string, number>;
  /** The site's words of five letters or more, space-separated (for typing slips). */
  vocabulary: string;
  /** Terms that name one thing, and the kind of thing ("growth" → "package"). */
  entities: Record<string, string>;
  /**
   * Plain words the site never uses, space-separated, as the reader has them: common words
   * WordNet reads mostly as a verb, an adjective or an adverb (decision 135, plain-words.ts).
   */
  plain?: string;
}

export type Reply =
  | { kind: "answer"; text: string; url: string; page: string }
  | { kind: "unsure"; text: string }
  | { kind: "handover"; text: string }
  | { kind: "smalltalk"; text: string };

/** An earlier message of the conversation, as any channel keeps it. */
export interface PriorTurn {
  /** 'team': a person's answer on WhatsApp after a handover (read like the assistant's). */
  role: "user" | "assistant" | "team";
  text: string;
}

export const UNSURE_REPLY =
  "I'm not sure I can answer that correctly from our website. I can pass your question to our team: leave your name and e-mail below and someone will reply within 24 hours on business days.";

export const HANDOVER_REPLY =
  "Of course. I'll pass this conversation to our team: leave your name and e-mail below and a person will reply within 24 hours on business days.";

/** Fields searched, and how much a match in each counts. */
export const SEARCH_FIELDS = ["title", "text", "keywords"] as const;
const BOOST = { title: 2, keywords: 1.5, text: 1 };

export const MINISEARCH_OPTIONS = {
  idField: "id",
  fields: [...SEARCH_FIELDS],
  storeFields: [] as string[],
  tokenize,
  processTerm,
  searchOptions: { boost: BOOST },
};

/** Kinds of things a passage may be about that a question usually names when it means them. */
const SPECIFIC = new Set(["package", "service", "industry", "case"]);

/** Terms that say what the visitor wants to know, rather than what about. */
const ASKS_FOR = new Set(["price", "duration", "quantity"]);

/** How the re-ranker weighs what it measures (tuned on the tuning half only). */
export const W = {
  /** A word found nowhere on the site weighs this many times the rarest word it has. */
  unknown: 1.5,
  /** The BM25 score, as a share of the best candidate's. */
  score: 0.6,
  /** The share of the question's own words the passage has (weighted by rarity). */
  coverage: 1.4,
  /** The share of the borrowed words (a follow-up's context) it has. */
  context: 0.1,
  /** A word that names something (a package, an industry) counts this many times in coverage. */
  named: 2,
  /** About the thing the question names / about another thing of the same kind. */
  sameThing: 0.5,
  otherThing: 0.6,
  /** About a product thing (a package, a service…) of a kind the question names none of. */
  unasked: 0.15,
  /** States what the question asks for (a price, a duration) / does not. */
  states: 0.45,
  statesNot: 0.25,
  /** For confidence, a word the site uses but the passage does not counts this much. */
  elsewhere: 0.5,
  /** A borrowed word weighs this much of one the visitor typed (one that names a thing)… */
  borrowed: 0.5,
  /** …or any other word. */
  borrowedWord: 0.3,
};

/**
 * When the assistant answers rather than offering the team: the best passage must have at
 * least `support` of the question's weighted words (`supportAllKnown` when the site uses every
 * one of them), `share` of its words each counted once, and a BM25 score of `score`.
 * Calibrated on the tuning questions (decisions 038 and 100).
 */
export const CONFIDENCE = { support: 0.6, share: 0.5, score: 3, supportAllKnown: 0.5 };
/**
 * A question the site does not quite cover is still answered when it is put to the agency and
 * the best passage is a strong match (decision 114): at most one word the site never uses, at
 * least `support` of its weighted words, `share` of its words and a BM25 score of `score`; it
 * says "you" or names a package, service, case study, page or contact detail (not only an
 * industry: "Who is the president…" is not put to the agency), and it asks to buy, sell or
 * repair nothing. New wording is full of one such word ("convos", "cope", "robot"). Fitted on
 * the tuning half, leaving one set out, to hand over no more out-of-scope questions than before.
 */
export const PUT_TO_US = { support: 0.35, share: 0.6, score: 40 };
const ADDRESSES_US = /\b(you|your|yours|u|ur|ya|yall)\b/i;
/**
 * A question the site does not quite cover is also answered when its one word the site never
 * uses is a plain word (a verb, an adjective or an adverb more than a thing: "cope", "insists",
 * "tight") and the best passage has at least `support` of its weighted words, `share` of its
 * words and a BM25 score of `score` (decision 135); it asks to buy, sell or repair nothing. A
 * word that names a thing the site never mentions ("petrol", "geyser") still hands it over.
 * Fitted on the tuning half, leaving one set out, to hand over no fewer out-of-scope questions.
 */
export const PLAIN_WORD_GATE = { support: 0.3, share: 0.5, score: 60 };
/** Candidates re-ranked. */
const CANDIDATES = 40;

const GREETING =
  /^(hi|hello|hey|howzit|hiya|heita|sawubona|molo|dumela|hallo|good (morning|afternoon|evening)|morning)\b/i;
const THANKS =
  /^(thanks|thank you|thx|ta|cheers|great|ok|okay|perfect|awesome|dankie|shot|sharp|nice)\b/i;

/** The visitor asks for a person (and not about what their own callers or customers get). */
const PERSON =
  /\b(human|(real|actual|live) (person|human|agent)|a person|someone|somebody|consultant|sales ?(person|rep)|your team|the team|staff member)\b/i;
const ASKS_ME = /\b(i|me|we|us)\b/i;
const THIRD_PARTY =
  /\b(callers?|customers?|clients?|patients?|users?|visitors?|shoppers?|students?|parents?|tenants?)\b/i;
/**
 * A question that asks to buy, be sold, be recommended, lent or have repaired something. When
 * the only thing of the site it names is an industry ("a good dentist", "medical aid"), it is
 * about that trade, not about what the agency does for it: industries are the agency's
 * customers, not what it sells.
 */
const TRADE =
  /\b(sell|sells|selling|sold|buy|buying|purchase|recommend|recommendation|repair|repairs|fix|rent|lend|loan|loans|prescribe)\b/i;
/**
 * A question that asks whether the agency will do or make something for the visitor. The legal
 * pages say what the agency does with information, never what it makes: when one of them is
 * the best answer to such a question, the question is about something the site does not offer
 * ("can you design a logo": the terms' "design, logos" are the website's own).
 */
const ASKS_TO_MAKE =
  /\b(can|could|will|would|do|does) (you|u|ya|you guys)\b.*\b(do|design|make|build|create|offer|provide|supply|write|install|print|develop)\b/i;
const CONTACT_VERB = /\b(speak|talk|chat|connect|transfer|put|get|want|need|like|prefer)\b/i;

export function asksForPerson(text: string): boolean {
  return (
    PERSON.test(text) && ASKS_ME.test(text) && CONTACT_VERB.test(text) && !THIRD_PARTY.test(text)
  );
}

export interface Ranked {
  passage: IndexedPassage;
  /** The re-ranked score. */
  rank: number;
  /** MiniSearch's BM25 score. */
  score: number;
  /** The share of the question's own words the passage has (weighted by what they say). */
  coverage: number;
  /**
   * The same share for confidence, where a word the site uses elsewhere but this passage does
   * not counts half: a word found nowhere on the site is what marks a question it can't answer.
   */
  support: number;
  /** The share of the question's words (each counted once) the passage has. */
  share: number;
  /** How much the question's words it has weigh (their rarity, added up). */
  found: number;
  /** How much the question's words the site never uses weigh. */
  unknownWeight: number;
}

/** A reply with what led to it (Assistant.consider). */
export interface Consideration {
  reply: Reply;
  /** The passages ranked for the question, best first (at most eight). */
  ranked: Ranked[];
  /** How many of the question's words the site never uses. */
  unknown: number;
  /** It is read as a follow-up: it borrows words of the conversation's earlier questions. */
  followsUp: boolean;
  /** The question is put to the agency ("you", "your") or names a package, service or study. */
  putToUs: boolean;
  /** Handed over for lack of confidence alone: a second reader may answer it. */
  gateable: boolean;
}

/** A question as the assistant reads it, with what it borrows from the conversation. */
interface Reading {
  /** The question's own terms. */
  own: string[];
  /** Its words the site never uses. */
  unknown: string[];
  /** Its own terms by the word they come from ("phone" → phone, call): one unit each. */
  groups: string[][];
  /** Terms borrowed from earlier questions, with their weights. */
  borrowed: Map<string, number>;
}

export class Assistant {
  private readonly search: MiniSearch;
  private readonly byId: Map<string, IndexedPassage>;
  private readonly df: Map<string, number>;
  private readonly entities: Map<string, string>;
  private readonly vocabulary: Set<string>;
  private readonly documents: number;
  private readonly familiar: ReadonlySet<string>;
  private readonly plain: ReadonlySet<string>;

  /**
   * `familiar`: words the site never uses to read like filler words rather than as words that
   * mark a question the site cannot answer. The site passes none; scripts/assistant-fit.ts
   * passes the words it learns from the tuning half, to measure them (decision 123: learned
   * that way they did not beat main's engine on held-out set 11, so none ship).
   */
  constructor(data: AssistantIndexData, familiar: ReadonlySet<string> = new Set()) {
    this.familiar = familiar;
    this.search = MiniSearch.loadJS(data.search as never, MINISEARCH_OPTIONS);
    this.byId = new Map(data.passages.map((p) => [p.id, p]));
    this.df = new Map(Object.entries(data.df));
    this.entities = new Map(Object.entries(data.entities));
    this.vocabulary = new Set(data.vocabulary.split(" "));
    this.documents = data.passages.length;
    this.plain = new Set(data.plain ? data.plain.split(" ") : []);
  }

  private known = (term: string) => this.df.has(term);

  /**
   * How much a term says: rare terms more than common ones, unknown ones most, and a term
   * that names something (a package, an industry) more than others.
   */
  private idf(term: string): number {
    const df = this.df.get(term);
    if (df === undefined) return W.unknown * Math.log(1 + this.documents / 0.5);
    return Math.log(1 + this.documents / df) * (this.entities.has(term) ? W.named : 1);
  }

  /** A question's own terms and unknown words. */
  private read(question: string): Pick<Reading, "own" | "unknown" | "groups"> {
    const words: ReadWord[] = readWords(question, this.known, this.vocabulary);
    const own: string[] = [];
    const unknown: string[] = [];
    const groups: string[][] = [];
    for (const w of words) {
      const group: string[] = [];
      for (const t of w.terms) {
        if (this.known(t)) {
          if (!own.includes(t)) {
            own.push(t);
            group.push(t);
          }
        } else if (
          (t.length > 2 || /^[b-df-hj-np-tv-z]{2}$/.test(t)) &&
          !this.familiar.has(t) &&
          !unknown.includes(t)
        )
          unknown.push(t);
      }
      if (group.length > 0) groups.push(group);
    }
    return { own, unknown, groups };
  }

  /** What a term names ("package"), or what the question asks for ("asks"), or nothing. */
  private kindOf(term: string): string | undefined {
    return ASKS_FOR.has(term) ? "asks" : this.entities.get(term);
  }

  /**
   * The question read in its conversation: a follow-up borrows the terms of the questions
   * before it (the latest three), except those of a kind it names itself.
   */
  private readInConversation(question: string, history: PriorTurn[]): Reading {
    const earlier = history
      .filter((t) => t.role === "user")
      .slice(-3)
      .map((t) => t.text);
    let borrowed = new Map<string, number>();
    let previous: { own: string[]; borrowed: Map<string, number> } | null = null;
    for (const [i, text] of [...earlier, question].entries()) {
      const r = this.read(text);
      const last = i === earlier.length;
      const leans =
        previous !== null &&
        (refersBack(text) ||
          r.own.length === 0 ||
          (r.own.length <= 2 && r.unknown.length === 0 && !this.namesSomething(r.own)) ||
          (last && r.own.length <= 2 && !this.confidentAlone(r)));
      if (leans && previous) {
        const kinds = new Set(r.own.map((t) => this.kindOf(t)).filter(Boolean));
        const next = new Map<string, number>();
        const carry = (term: string, weight: number) => {
          if (r.own.includes(term)) return;
          const kind = this.kindOf(term);
          if (kind && kinds.has(kind)) return;
          next.set(term, Math.max(next.get(term) ?? 0, weight));
        };
        // What the earlier question named carries over more than its other words.
        const weight = (t: string) => (this.entities.has(t) ? W.borrowed : W.borrowedWord);
        for (const t of previous.own) carry(t, weight(t));
        for (const [t, w] of previous.borrowed) carry(t, w * W.borrowed);
        borrowed = next;
      } else borrowed = new Map();
      if (last) return { ...r, borrowed };
      previous = { own: r.own, borrowed };
    }
    return { ...this.read(question), borrowed };
  }

  /**
   * True when the best passage is about an industry and the question names no package, service
   * or case study: what it asks for is that industry's trade ("do you sell medical aid?").
   */
  private onlyAnIndustry(own: string[], top: Ranked): boolean {
    const aboutIndustry = top.passage.tags.some((t) => /^~?industry:/.test(t));
    const namesOffer = own.some((t) => {
      const kind = this.entities.get(t);
      return kind !== undefined && kind !== "industry";
    });
    return aboutIndustry && !namesOffer;
  }

  /** See PUT_TO_US. */
  private strongAndPutToUs(top: Ranked, own: string[], unknown: string[], text: string): boolean {
    const namesOffer = own.some((t) => {
      const kind = this.entities.get(t);
      return kind !== undefined && kind !== "industry";
    });
    return (
      unknown.length <= 1 &&
      top.support >= PUT_TO_US.support &&
      top.share >= PUT_TO_US.share &&
      top.score >= PUT_TO_US.score &&
      (ADDRESSES_US.test(text) || namesOffer) &&
      !TRADE.test(text) &&
      !(ASKS_TO_MAKE.test(text) && top.passage.url.startsWith("/legal/"))
    );
  }

  /** See PLAIN_WORD_GATE. */
  private strongDespitePlainWord(top: Ranked, unknown: string[], text: string): boolean {
    return (
      unknown.length <= 1 &&
      unknown.every((t) => this.plain.has(t)) &&
      top.support >= PLAIN_WORD_GATE.support &&
      top.share >= PLAIN_WORD_GATE.share &&
      top.score >= PLAIN_WORD_GATE.score &&
      !TRADE.test(text)
    );
  }

  /** True when the terms name a package, a service, an industry, a case study, a page… */
  private namesSomething(terms: string[]): boolean {
    return terms.some((t) => this.entities.has(t));
  }

  private confidentAlone(r: Pick<Reading, "own" | "unknown" | "groups">): boolean {
    return confident(this.rankReading({ ...r, borrowed: new Map() })[0]);
  }

  /** Passages ranked for a question in its conversation (earlier turns, oldest first). */
  rank(question: string, history: PriorTurn[] = []): Ranked[] {
    return this.rankReading(this.readInConversation(question, history));
  }

  private rankReading(reading: Reading): Ranked[] {
    // A follow-up made only of pointing words ("what can you do for them?") asks about what
    // the conversation was about.
    const { own, unknown, borrowed, groups } =
      reading.own.length === 0 && reading.unknown.length === 0
        ? {
            own: [...reading.borrowed.keys()],
            unknown: [],
            borrowed: new Map<string, number>(),
            groups: [...reading.borrowed.keys()].map((t) => [t]),
          }
        : reading;
    if (own.length === 0) return [];
    const weights = new Map<string, number>(borrowed);
    for (const t of own) weights.set(t, 1);
    const query = [...weights.keys()];
    const results: SearchResult[] = this.search.search(query.join(" "), {
      tokenize: (s: string) => s.split(" "),
      processTerm: (t: string) => t,
      boostTerm: (t: string) => weights.get(t) ?? 1,
    });
    if (results.length === 0) return [];
    const best = results[0]?.score ?? 1;
    const groupWeight = (g: string[]) => Math.max(...g.map((t) => this.idf(t)));
    const ownKnownWeight = groups.reduce((s, g) => s + groupWeight(g), 0);
    const unknownWeight = unknown.reduce((s, t) => s + this.idf(t), 0);
    const ownWeight = ownKnownWeight + unknownWeight;
    const borrowedWeight = [...borrowed].reduce((s, [t, w]) => s + w * this.idf(t), 0);
    const asks = own.filter((t) => ASKS_FOR.has(t));
    const named = [...own, ...borrowed.keys()]
      .map((t) => ({ t, kind: this.entities.get(t), borrowed: !own.includes(t) }))
      .filter((n): n is { t: string; kind: string; borrowed: boolean } => n.kind !== undefined);

    const ranked: Ranked[] = [];
    for (const r of results.slice(0, CANDIDATES)) {
      const passage = this.byId.get(String(r.id));
      if (!passage) continue;
      const matched = new Set(r.queryTerms);
      const hit = groups.filter((g) => g.some((t) => matched.has(t)));
      const found = hit.reduce((s, g) => s + groupWeight(g), 0);
      const coverage = found / ownWeight;
      const support = found / (found + W.elsewhere * (ownKnownWeight - found) + unknownWeight);
      const share = hit.length / (groups.length + unknown.length);
      const context =
        borrowedWeight > 0
          ? [...borrowed].reduce((s, [t, w]) => s + (matched.has(t) ? w * this.idf(t) : 0), 0) /
            borrowedWeight
          : 0;
      let rank = W.score * (r.score / best) + W.coverage * coverage + W.context * context;
      // About what the question names: a bonus; about only other things of that kind: less
      // (contact details are topics of one page, not rival things).
      for (const kind of new Set(named.map((n) => n.kind))) {
        const ofKind = named.filter((n) => n.kind === kind);
        const factor = (n: { t: string; borrowed: boolean }) =>
          (n.borrowed ? W.borrowed : 1) * (passage.tags.includes(`${kind}:${n.t}`) ? 1 : 0.5);
        const same = ofKind.filter(
          (n) =>
            passage.tags.includes(`${kind}:${n.t}`) || passage.tags.includes(`~${kind}:${n.t}`),
        );
        if (same.length > 0) rank += W.sameThing * Math.max(...same.map(factor));
        else if (
          kind !== "contact" &&
          passage.tags.some((tag) => tag.replace(/^~/, "").startsWith(`${kind}:`))
        ) {
          rank -= W.otherThing * Math.max(...ofKind.map((n) => (n.borrowed ? W.borrowed : 1)));
        }
      }
      for (const tag of passage.tags) {
        if (tag.startsWith("~")) continue;
        const kind = tag.slice(0, tag.indexOf(":"));
        if (SPECIFIC.has(kind) && !named.some((n) => n.kind === kind)) {
          rank -= W.unasked;
          break;
        }
      }
      rank += passage.prior ?? 0;
      for (const a of asks) {
        rank += passage.tags.includes(`states:${a}`) ? W.states : -W.statesNot;
      }
      ranked.push({
        passage,
        rank,
        score: r.score,
        coverage,
        support,
        share,
        found,
        unknownWeight,
      });
    }
    return ranked.sort((a, b) => b.rank - a.rank);
  }

  /** Distinct pages in rank order (the page each answer would link to, without #fragment). */
  rankPages(question: string, history: PriorTurn[] = []): string[] {
    const pages: string[] = [];
    for (const r of this.rank(question, history)) {
      const page = r.passage.url.split("#")[0] as string;
      if (!pages.includes(page)) pages.push(page);
    }
    return pages;
  }

  /** The reply to a question, in its conversation (earlier turns, oldest first). */
  reply(question: string, history: PriorTurn[] = []): Reply {
    return this.consider(question, history).reply;
  }

  /**
   * The reply with what led to it, for a second reader of the question (decision 139's
   * semantic.ts): the passages ranked (the first eight), how many of the question's words the
   * site never uses, whether the reply is a hand-over for lack of confidence alone (`gateable`:
   * not a greeting, a request for a person, figures, a trade of an industry, or asking to be
   * made something the legal pages mention), and whether the question is put to the agency.
   */
  consider(question: string, history: PriorTurn[] = []): Consideration {
    const text = question.trim();
    const { own, unknown } = this.read(text);
    const reply = this.replyTo(text, history);
    const followsUp = this.readInConversation(text, history).borrowed.size > 0;
    const ranked =
      reply.kind === "smalltalk" || reply.kind === "handover"
        ? []
        : this.rank(text, history).slice(0, 8);
    const top = ranked[0];
    const namesOffer = own.some((t) => {
      const kind = this.entities.get(t);
      return kind !== undefined && kind !== "industry";
    });
    return {
      reply,
      ranked,
      unknown: unknown.length,
      followsUp,
      putToUs: ADDRESSES_US.test(text) || namesOffer,
      gateable:
        reply.kind === "unsure" &&
        top !== undefined &&
        !own.every((t) => /^\d+$/.test(t)) &&
        !(TRADE.test(text) && this.onlyAnIndustry(own, top)) &&
        !(ASKS_TO_MAKE.test(text) && top.passage.url.startsWith("/legal/")),
    };
  }

  private replyTo(question: string, history: PriorTurn[]): Reply {
    const text = question.trim();
    const { own, unknown } = this.read(text);
    const words = own.length + unknown.length;
    if (words <= 1 && GREETING.test(text) && !own.some((t) => this.entities.has(t))) {
      return {
        kind: "smalltalk",
        text: "Hello! What would you like to know? You can ask about our services, packages and prices, case studies, or how to reach us.",
      };
    }
    if (words === 0 && THANKS.test(text)) {
      return { kind: "smalltalk", text: "You're welcome! Anything else I can help with?" };
    }
    if (asksForPerson(text)) return { kind: "handover", text: HANDOVER_REPLY };
    // Figures alone ("2+2") are no question about the site.
    if (own.length > 0 && own.every((t) => /^\d+$/.test(t))) {
      return { kind: "unsure", text: UNSURE_REPLY };
    }
    const top = this.rank(text, history)[0];
    if (
      !top ||
      !(
        confident(top) ||
        this.strongAndPutToUs(top, own, unknown, text) ||
        this.strongDespitePlainWord(top, unknown, text)
      )
    ) {
      return { kind: "unsure", text: UNSURE_REPLY };
    }
    if (TRADE.test(text) && this.onlyAnIndustry(own, top)) {
      return { kind: "unsure", text: UNSURE_REPLY };
    }
    if (ASKS_TO_MAKE.test(text) && top.passage.url.startsWith("/legal/")) {
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

function confident(top: Ranked | undefined): top is Ranked {
  return (
    top !== undefined &&
    // Every word of the question is one the site uses: less of them need be in the passage
    // (what marks a question the site can't answer is mostly a word it never uses).
    top.support >= (top.unknownWeight === 0 ? CONFIDENCE.supportAllKnown : CONFIDENCE.support) &&
    top.share >= CONFIDENCE.share &&
    top.score >= CONFIDENCE.score
  );
}
