/**
 * Scores the site assistant on an evaluation set (decision 038): the share of answerable
 * questions whose first answer links the right page and says what it must (top-1), the share
 * whose right page is among the first three ranked, the share handed to the team although the
 * site answers them, and the share of out-of-scope questions handed over. Follow-ups are asked
 * after their earlier questions, with the assistant's own replies in the conversation.
 */
import type { EvalCase } from "./eval-case";

/** What the evaluation needs of a reply. */
export interface ScoredReply {
  kind: string;
  text: string;
  url?: string;
}

export interface Turn {
  question: string;
  reply: ScoredReply;
}

export interface EvalSubject {
  reply(question: string, before: Turn[]): ScoredReply;
  /** Pages in rank order for the question (for top-3). */
  rankPages(question: string, before: Turn[]): string[];
}

export interface EvalReport {
  name: string;
  answerable: number;
  outOfScope: number;
  top1: number;
  top3: number;
  /** Answerable questions handed to the team. */
  handedOver: number;
  /** Out-of-scope questions handed to the team. */
  outHandedOver: number;
  misses: string[];
}

const pageOf = (url: string) => url.split("#")[0] as string;

export function acceptsPage(c: EvalCase, url: string | undefined): boolean {
  if (url === undefined || c.page === null) return false;
  const page = pageOf(url);
  return Array.isArray(c.page) ? c.page.includes(page) : page === c.page;
}

/** The conversation before a case's question, asked in turn. */
export function conversationBefore(subject: EvalSubject, c: EvalCase): Turn[] {
  const turns: Turn[] = [];
  for (const question of c.before ?? []) {
    turns.push({ question, reply: subject.reply(question, turns) });
  }
  return turns;
}

export function evaluate(name: string, subject: EvalSubject, cases: EvalCase[]): EvalReport {
  const report: EvalReport = {
    name,
    answerable: 0,
    outOfScope: 0,
    top1: 0,
    top3: 0,
    handedOver: 0,
    outHandedOver: 0,
    misses: [],
  };
  for (const c of cases) {
    const before = conversationBefore(subject, c);
    const reply = subject.reply(c.question, before);
    const asked = [...(c.before ?? []), c.question].join(" → ");
    if (c.page === null) {
      report.outOfScope++;
      if (reply.kind === "answer") {
        report.misses.push(`[out of scope, answered] ${asked} → ${reply.url}`);
      } else report.outHandedOver++;
      continue;
    }
    report.answerable++;
    if (reply.kind !== "answer") report.handedOver++;
    const rightPage = reply.kind === "answer" && acceptsPage(c, reply.url);
    const saysIt = !c.says || c.says.test(reply.text);
    if (rightPage && saysIt) report.top1++;
    else {
      const why =
        reply.kind !== "answer"
          ? `handed over (${reply.kind})`
          : !rightPage
            ? `${reply.url}`
            : `${reply.url}, but not ${c.says}: "${reply.text.slice(0, 90)}…"`;
      report.misses.push(`${asked} → ${why}`);
    }
    if (
      subject
        .rankPages(c.question, before)
        .slice(0, 3)
        .some((u) => acceptsPage(c, u))
    )
      report.top3++;
  }
  return report;
}

const pct = (n: number, of: number) => (of === 0 ? "–" : `${((100 * n) / of).toFixed(1)} %`);

export function formatReport(r: EvalReport): string {
  return [
    `${r.name}: ${r.answerable} answerable questions, ${r.outOfScope} out of scope`,
    `  top-1 ${pct(r.top1, r.answerable)} (${r.top1}/${r.answerable}), top-3 ${pct(r.top3, r.answerable)}`,
    `  answerable questions handed to the team: ${pct(r.handedOver, r.answerable)} (${r.handedOver})`,
    `  out-of-scope questions handed to the team: ${pct(r.outHandedOver, r.outOfScope)} (${r.outHandedOver}/${r.outOfScope})`,
    ...r.misses.map((m) => `  miss: ${m}`),
  ].join("\n");
}
