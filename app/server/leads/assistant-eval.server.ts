/**
 * The assistant as the server answers (the engine, read again by the sentence model, decision
 * 139), for the evaluation: evaluate() is synchronous, so every question the cases ask (each
 * follow-up's earlier questions too) is embedded first, one at a time as the server does. Used by
 * app/lib/assistant/assistant.test.ts and scripts/assistant-held-out.ts.
 */
import type { Assistant, PriorTurn } from "~/lib/assistant/engine";
import type { EvalCase } from "~/lib/assistant/eval-case";
import type { EvalSubject, Turn } from "~/lib/assistant/evaluate";
import { decide, questionText } from "~/lib/assistant/semantic";
import { semanticIndex, textVector } from "./assistant-semantic.server";

/** The conversation as the chat keeps it: each question and the assistant's reply. */
const turnsOf = (before: Turn[]): PriorTurn[] =>
  before.flatMap((t) => [
    { role: "user" as const, text: t.question },
    { role: "assistant" as const, text: t.reply.text },
  ]);

export async function serverEvalSubject(
  assistant: Assistant,
  cases: EvalCase[],
): Promise<EvalSubject> {
  const vectors = new Map<string, Float64Array>();
  for (const c of cases) {
    const asked = [...(c.before ?? []), c.question];
    for (let i = 0; i < asked.length; i++) {
      const history = asked.slice(0, i).map((text) => ({ role: "user" as const, text }));
      for (const followsUp of i > 0 ? [true, false] : [false]) {
        const text = questionText((asked[i] as string).trim(), history, followsUp);
        if (vectors.has(text)) continue;
        const v = await textVector(text);
        if (!v) throw new Error("The sentence model did not load");
        vectors.set(text, v);
      }
    }
  }
  return {
    reply: (question, before) => {
      const turns = turnsOf(before);
      const considered = assistant.consider(question, turns);
      if (considered.reply.kind !== "answer" && !considered.gateable) return considered.reply;
      const v = vectors.get(questionText(question.trim(), turns, considered.followsUp));
      if (!v) throw new Error(`Not embedded: ${question}`);
      return decide(considered, v, semanticIndex());
    },
    rankPages: (question, before) => assistant.rankPages(question, turnsOf(before)),
  };
}
