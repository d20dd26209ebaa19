/**
 * Building blocks for the bad-input properties: hostile strings, form bodies in every encoding
 * (including broken ones), and the check every answer must pass.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { BASE_URL } from "./harness.server";

/** The 4xx answers a route may give to bad input. */
export const CLIENT_ERRORS = [400, 401, 403, 404, 413, 415, 422, 429] as const;

const SPECIALS = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31mred\u001b[0m\u007f",
  "\u202Eevil.exe\u202C",
  "مرحبا بالعالم",
  "שָׁלוֹם",
  "👩🏽‍💻🚀🇿🇦",
  "\uD800",
  "\uDFFF",
  "x\uD83D",
  "\uFEFF\u200B\u00A0\u2028",
  "<script>alert(1)</script>",
  "\"'><img src=x onerror=alert(1)>",
  "' OR 1=1 --",
  "%00%ff%E0%A4%A",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x1F",
  "5.5",
  " 50 ",
  "[object Object]",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "{{7*7}}#{7*7}",
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "2027-02-30",
  "99999-01-01",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

/** 100 KB and more of one repeated unit (ASCII, accents, emoji, NUL, markup, surrogates). */
export const hugeString = fc
  .tuple(
    fc.constantFrom("x", "é", "😀", "\u0000", "<script>", "\uD800", " ", "ab\n"),
    fc.integer({ min: 100_001, max: 130_000 }),
  )
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));

/** Anything a hostile or broken client might put in a text field. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIALS) },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom(...SPECIALS),
          fc.string({ unit: "grapheme", maxLength: 8 }),
          loneSurrogate,
          control,
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((parts) => parts.join("")),
  },
  { weight: 1, arbitrary: hugeString },
);

/** A valid value most of the time, so runs get past validation to the database. */
export function mostly(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: nastyString });
}

/** A valid value with something hostile spliced in (NUL, surrogates, markup, control chars). */
export function tainted(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.oneof(fc.constantFrom(...SPECIALS), loneSurrogate, control), fc.nat())
    .map(([v, bad, at]) => {
      const i = v.length ? at % v.length : 0;
      return v.slice(0, i) + bad + v.slice(i);
    });
}

/** Addresses the forms accept (fast-check's own RFC addresses are mostly refused by zod). */
export const plainEmail: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z0-9]{1,8})?@[a-z0-9]{1,12}\.(co\.za|com)$/),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);

export interface FilePart {
  file: true;
  filename: string;
  type: string;
  content: string;
}
export type Part = string | FilePart;
export type Entries = [string, Part][];

export const filePart: fc.Arbitrary<FilePart> = fc.record({
  file: fc.constant(true as const),
  filename: fc.oneof(fc.constantFrom("a.txt", "", "../../x.sh", "évil.pdf"), nastyString),
  type: fc.constantFrom("text/plain", "application/octet-stream", "image/png", ""),
  content: fc.oneof(fc.string({ maxLength: 50 }), fc.constant("x".repeat(40_000))),
});

/** One form field: usually one value, sometimes missing, repeated or a file part. */
export function fieldParts(value: fc.Arbitrary<string>): fc.Arbitrary<Part[]> {
  return fc.oneof(
    { weight: 8, arbitrary: value.map((v) => [v]) },
    { weight: 1, arbitrary: fc.constant<Part[]>([]) },
    { weight: 1, arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: filePart.map((f) => [f]) },
    { weight: 1, arbitrary: fc.tuple(filePart, value).map(([f, v]) => [f, v]) },
  );
}

/**
 * A whole form. `fields` give each field's plausible values (valid ones, and valid ones with
 * something hostile spliced in). Most forms keep every field plausible but break one or two
 * (missing, repeated, a file part, or anything at all), so runs get past validation; the rest are
 * wild throughout. A few unexpected extra fields ride along.
 */
export function formEntries(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Entries> {
  const names = Object.keys(fields);
  const record = (make: (v: fc.Arbitrary<string>) => fc.Arbitrary<Part[]>) =>
    fc.record(
      Object.fromEntries(names.map((k) => [k, make(fields[k] as fc.Arbitrary<string>)])),
    ) as fc.Arbitrary<Record<string, Part[]>>;
  const plausible = record((v) => v.map((x) => [x]));
  const wild = record((v) => fieldParts(mostly(v)));
  const known = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(plausible, wild, fc.subarray(names, { maxLength: Math.min(2, names.length) }))
        .map(([p, w, broken]) => {
          for (const k of broken) p[k] = w[k] as Part[];
          return p;
        }),
    },
    { weight: 1, arbitrary: wild },
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom("id", "userId", "role", "__proto__", "website", ""), nastyString),
      fc.oneof(nastyString, filePart),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(known, extra)
    .map(([k, e]) => [
      ...Object.entries(k).flatMap(([name, parts]) => parts.map((p): [string, Part] => [name, p])),
      ...e,
    ]);
}

export type Encoding =
  | "urlencoded"
  | "multipart"
  | "multipart-broken"
  | "multipart-no-boundary"
  | "json"
  | "text"
  | "none"
  | "invalid-utf8";

export const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 10, arbitrary: fc.constant("urlencoded" as const) },
  { weight: 5, arbitrary: fc.constant("multipart" as const) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "multipart-broken" as const,
      "multipart-no-boundary" as const,
      "json" as const,
      "text" as const,
      "none" as const,
      "invalid-utf8" as const,
    ),
  },
);

const asText = (p: Part) => (typeof p === "string" ? p : p.content);

/** A POST of these entries to pathname, encoded as asked (broken encodings included). */
export function formPost(
  pathname: string,
  entries: Entries,
  how: Encoding,
  init: { cookie?: string; ip?: string } = {},
): Request {
  const headers = new Headers({ origin: BASE_URL, "x-client-ip": init.ip ?? "198.51.100.1" });
  if (init.cookie) headers.set("cookie", init.cookie);
  const url = new URL(pathname, BASE_URL);
  let body: BodyInit;
  switch (how) {
    case "urlencoded":
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(entries.map(([k, p]) => [k, asText(p)])).toString();
      break;
    case "multipart": {
      const form = new FormData();
      for (const [k, p] of entries) {
        if (typeof p === "string") form.append(k, p);
        else form.append(k, new Blob([p.content], { type: p.type }), p.filename);
      }
      body = form; // Request sets multipart/form-data with its boundary
      break;
    }
    case "multipart-broken":
      headers.set("content-type", "multipart/form-data; boundary=----fuzz");
      body = `------fuzz\r\nContent-Disposition: form-data; name="${entries[0]?.[0] ?? "x"}"\r\n\r\nno closing boundary`;
      break;
    case "multipart-no-boundary":
      headers.set("content-type", "multipart/form-data");
      body = new URLSearchParams(entries.map(([k, p]) => [k, asText(p)])).toString();
      break;
    case "json":
      headers.set("content-type", "application/json");
      body = JSON.stringify(Object.fromEntries(entries.map(([k, p]) => [k, asText(p)])));
      break;
    case "text":
      headers.set("content-type", "text/plain");
      body = entries.map(([k, p]) => `${k}=${asText(p)}`).join("\n");
      break;
    case "none":
      body = new Blob([new URLSearchParams(entries.map(([k, p]) => [k, asText(p)])).toString()]);
      break;
    case "invalid-utf8":
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new Uint8Array([
        ...new TextEncoder().encode(
          `${new URLSearchParams(entries.map(([k, p]) => [k, asText(p)])).toString()}&x=`,
        ),
        0xff,
        0xfe,
        0xc3,
        0x28,
        0xed,
        0xa0,
        0x80,
        0x00,
      ]);
      break;
  }
  return new Request(url, { method: "POST", headers, body });
}

/** A GET of pathname with a raw query string appended as given. */
export function getWithQuery(pathname: string, query: string, cookie?: string): Request {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL(`${pathname}?${query}`, BASE_URL), { headers });
}

/** Query strings: known keys with hostile values, repeats, junk keys and broken escapes. */
export function queryString(keys: string[], valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...keys) },
      { weight: 1, arbitrary: nastyString },
    ),
    mostly(valid),
  );
  const encoded = fc
    .array(pair, { maxLength: 4 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  const raw = fc.oneof(
    fc.constantFrom(
      "%",
      "%E0%A4%A",
      "kind=%FF",
      "id=%00",
      "&&&==&",
      "kind[]=a&kind[]=b",
      "a=1;b=2",
    ),
    fc.string({ unit: "binary", maxLength: 30 }),
  );
  return fc.oneof({ weight: 3, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

export interface Checked {
  status: number;
  body: unknown;
}

/**
 * Every answer to bad input: a success, a redirect or a 4xx from CLIENT_ERRORS; a 4xx carries a
 * non-empty message (under `error` or `message`) when requireMessage; and no HTML answer echoes
 * a raw <script> tag.
 */
export async function checkAnswer(
  res: Response,
  opts: { requireMessage?: boolean; allowed?: readonly number[] } = {},
): Promise<Checked> {
  const allowed = opts.allowed ?? CLIENT_ERRORS;
  const text = await res.text();
  const ok = res.status < 400 || allowed.includes(res.status);
  if (!ok) expect.fail(`status ${res.status}: ${text.slice(0, 500)}`);
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("json") && /<script/i.test(text)) {
    expect.fail(`a ${type || "untyped"} answer echoes <script>: ${text.slice(0, 300)}`);
  }
  let body: unknown = text;
  if (type.includes("json") && text) body = JSON.parse(text);
  if (res.status >= 400 && opts.requireMessage !== false) {
    const o = (body ?? {}) as { error?: unknown; message?: unknown };
    const message = typeof o.error === "string" ? o.error : o.message;
    if (typeof message !== "string" || message.trim() === "") {
      expect.fail(`status ${res.status} without a message: ${text.slice(0, 300)}`);
    }
  }
  return { status: res.status, body };
}

/**
 * A part as the server parses it back: in multipart a file part stays a file, except one with an
 * empty filename, which undici sends without a filename and so arrives as text; other encodings
 * carry text only.
 */
function asParsed(part: Part, how: Encoding): Part {
  if (typeof part === "string") return part;
  return how === "multipart" && part.filename !== "" ? part : part.content;
}

/**
 * The value the portal's readForm gets for a field sent this way: the first string value (file
 * parts are skipped).
 */
export function readFormValue(entries: Entries, name: string, how: Encoding): string | undefined {
  for (const [k, p] of entries) {
    const parsed = asParsed(p, how);
    if (k === name && typeof parsed === "string") return parsed;
  }
  return undefined;
}

/** What `FormData.get(name)` gives the server for these entries sent this way. */
export function formValue(entries: Entries, name: string, how: Encoding): Part | undefined {
  const first = entries.find(([k]) => k === name)?.[1];
  return first === undefined ? undefined : asParsed(first, how);
}

/** Runs per property: FUZZ_RUNS overrides the count for a longer hunt, FUZZ_SEED replays one. */
export function runs(n: number): { numRuns: number; seed?: number } {
  const override = Number(process.env.FUZZ_RUNS);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  return { numRuns: Number.isFinite(override) && override > 0 ? override : n, seed };
}
