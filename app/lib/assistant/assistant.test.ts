/**
 * The site assistant's quality, size and speed on its evaluation set (eval-set.ts). Accuracy
 * is asserted; size is asserted against the budget; speed is measured and reported.
 */
import { gzipSync } from "node:zlib";
import indexData from "virtual:assistant-index";
import { describe, expect, it } from "vitest";
import { answer } from "~/server/leads/assistant.server";
import { Assistant } from "./engine";
import { type EvalCase, evalSet } from "./eval-set";
import { processTerm } from "./text";

const assistant = new Assistant(indexData);
const answerable = evalSet.filter((c) => c.page !== null);
const outOfScope = evalSet.filter((c) => c.page === null);
const accepts = (c: EvalCase, url: string | undefined) =>
  url !== undefined && (Array.isArray(c.page) ? c.page.includes(url) : url === c.page);
const pageOf = (url: string) => url.split("#")[0] as string;

describe("the site assistant", () => {
  it("takes words that name an object's inherited members as plain words", () => {
    for (const word of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(typeof processTerm(word)).toBe("string");
    }
  });

  it("has an evaluation set of at least 40 realistic questions", () => {
    expect(answerable.length).toBeGreaterThanOrEqual(40);
    expect(outOfScope.length).toBeGreaterThan(0);
  });

  it("links most questions to the right page (top-1 ≥ 85 %), reports top-3 and handovers", () => {
    let top1 = 0;
    let top3 = 0;
    let handedOver = 0;
    const misses: string[] = [];
    for (const c of answerable) {
      const reply = assistant.reply(c.question, c.previous);
      const url = reply.kind === "answer" ? pageOf(reply.url) : undefined;
      if (accepts(c, url)) top1++;
      else misses.push(`${c.question} → ${reply.kind === "answer" ? reply.url : reply.kind}`);
      if (
        assistant
          .rankPages(c.question, c.previous)
          .slice(0, 3)
          .some((u) => accepts(c, u))
      )
        top3++;
      if (reply.kind !== "answer") handedOver++;
    }
    const outHanded = outOfScope.filter(
      (c) => assistant.reply(c.question).kind !== "answer",
    ).length;
    const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
    console.info(
      [
        `assistant evaluation: ${answerable.length} answerable questions, ${outOfScope.length} out of scope`,
        `  top-1 ${pct(top1, answerable.length)}, top-3 ${pct(top3, answerable.length)}`,
        `  answerable questions handed to the team: ${pct(handedOver, answerable.length)}`,
        `  out-of-scope questions handed to the team: ${pct(outHanded, outOfScope.length)}`,
        ...misses.map((m) => `  miss: ${m}`),
      ].join("\n"),
    );
    expect(top1 / answerable.length).toBeGreaterThanOrEqual(0.85);
    expect(top3 / answerable.length).toBeGreaterThanOrEqual(top1 / answerable.length);
    expect(outHanded / outOfScope.length).toBeGreaterThanOrEqual(0.8);
  });

  it("answers a follow-up from the previous question", () => {
    const reply = assistant.reply("How much is it?", "What does the Growth package include?");
    expect(reply.kind).toBe("answer");
    if (reply.kind === "answer") expect(reply.text).toMatch(/^The Growth package is from R12,500/);
    // Without the context the same words get the general price list.
    const alone = assistant.reply("How much is it?");
    expect(alone.kind === "answer" && alone.text).not.toMatch(/^The Growth package/);
  });

  it("answers a short question on a new topic on its own, not as a follow-up", () => {
    const reply = assistant.reply("What is your e-mail address?", "Is there a setup fee?");
    expect(reply).toMatchObject({ kind: "answer", url: "/contact" });
    expect(assistant.reply("and what about Growth?", "How much is Starter?")).toMatchObject({
      kind: "answer",
      text: expect.stringMatching(/^The Growth package/),
    });
  });

  it("reads markup in a question as its words", () => {
    expect(assistant.reply("<b>Where</b> is your office?")).toMatchObject({
      kind: "answer",
      text: expect.stringContaining("Strand Street"),
    });
  });

  it("quotes the site's own figures and links to the page they come from", () => {
    const reply = assistant.reply("What is your phone number?");
    expect(reply).toMatchObject({ kind: "answer", url: "/contact" });
    if (reply.kind === "answer") expect(reply.text).toMatch(/\+27/);
  });

  it("answers small talk without pretending to search", () => {
    expect(assistant.reply("Hello").kind).toBe("smalltalk");
    expect(assistant.reply("thanks!").kind).toBe("smalltalk");
    expect(assistant.reply("???").kind).toBe("unsure");
  });

  it("keeps its index under 60 KB gzip", () => {
    const bytes = gzipSync(JSON.stringify(indexData)).length;
    console.info(`assistant index: ${(bytes / 1024).toFixed(1)} KB gzip`);
    expect(bytes).toBeLessThan(60 * 1024);
  });

  it("reports the server's answer time (p50, p95)", () => {
    const times: number[] = [];
    answer("warm up");
    for (let round = 0; round < 20; round++) {
      for (const c of evalSet) {
        const start = performance.now();
        answer(c.question, c.previous);
        times.push(performance.now() - start);
      }
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    console.info(
      `assistant answer time over ${times.length} answers: p50 ${at(0.5)?.toFixed(3)} ms, p95 ${at(0.95)?.toFixed(3)} ms, max ${at(1)?.toFixed(3)} ms`,
    );
    expect(times.length).toBe(evalSet.length * 20);
  });
});
