import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MultipartError, multipartBoundary, readMultipart } from "./multipart.server";

/** A body delivered in the given pieces. */
function streamOf(body: Uint8Array, cuts: number[] = []): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((c) => c % (body.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, body.length]) {
    if (p > from) pieces.push(body.slice(from, p));
    from = Math.max(from, p);
  }
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

interface TestPart {
  name: string;
  filename?: string;
  type?: string;
  data: Uint8Array;
}

function encode(parts: TestPart[], boundary: string, preamble = ""): Uint8Array {
  const chunks: Buffer[] = [Buffer.from(preamble)];
  for (const p of parts) {
    const file = p.filename === undefined ? "" : `; filename="${p.filename}"`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : "";
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`,
      ),
      Buffer.from(p.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The same pieces as an async iterable, as a Node request gives them (file-transfers.server.ts). */
async function* iterableOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
}

async function parse(
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  boundary: string,
) {
  const out: { name: string; filename: string | null; type: string | null; data: Buffer }[] = [];
  for await (const part of readMultipart(stream, boundary)) {
    const pieces: Uint8Array[] = [];
    for await (const piece of part.content()) pieces.push(piece);
    out.push({
      name: part.name,
      filename: part.filename,
      type: part.contentType,
      data: Buffer.concat(pieces),
    });
  }
  return out;
}

const BOUNDARY = "----WebKitFormBoundary7MA4YWxkTrZu0gW";

describe("multipart reader", () => {
  it("reads the boundary from the content type", () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("application/x-www-form-urlencoded")).toBeNull();
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });

  it("reads fields and files, with their names and types", async () => {
    const body = encode(
      [
        { name: "intent", data: Buffer.from("upload") },
        {
          name: "files",
          filename: "Brief %22final%22.pdf",
          type: "application/pdf",
          data: Buffer.from("%PDF-1.7 x"),
        },
        { name: "files", filename: "", data: new Uint8Array() },
      ],
      BOUNDARY,
      "ignored preamble\r\n",
    );
    const parts = await parse(streamOf(body), BOUNDARY);
    expect(parts.map((p) => [p.name, p.filename, p.type, p.data.toString()])).toEqual([
      ["intent", null, null, "upload"],
      ["files", 'Brief "final".pdf', "application/pdf", "%PDF-1.7 x"],
      ["files", "", null, ""],
    ]);
  });

  it("gives the same parts however the body is cut into chunks", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.stringMatching(/^[a-z]{1,8}$/),
            filename: fc.option(fc.stringMatching(/^[a-zA-Z0-9 ._-]{0,20}$/), { nil: undefined }),
            // Content that looks like delimiters now and then.
            data: fc.oneof(
              fc.uint8Array({ maxLength: 300 }),
              fc.constantFrom(
                Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}`),
                Buffer.from(`\r\n-`),
                Buffer.from(`--${BOUNDARY}`),
                Buffer.from("\r\n\r\n"),
              ),
            ),
          }),
          { maxLength: 5 },
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        async (parts, cuts, asIterable) => {
          const body = encode(parts, BOUNDARY);
          const stream = streamOf(body, cuts);
          const read = await parse(asIterable ? iterableOf(stream) : stream, BOUNDARY);
          expect(read.map((p) => [p.name, p.filename, p.data.toString("hex")])).toEqual(
            parts.map((p) => [p.name, p.filename ?? null, Buffer.from(p.data).toString("hex")]),
          );
        },
      ),
    );
  });

  it("hands a file's content on in the pieces it arrived in, not copies (decision 109)", async () => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.bin"\r\n\r\n`,
    );
    const middle = [Buffer.alloc(65536, "a"), Buffer.alloc(65536, "b"), Buffer.alloc(65536, "c")];
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const arrived = [head, ...middle, tail];
    const given: Uint8Array[] = [];
    const body = (async function* () {
      yield* arrived;
    })();
    for await (const part of readMultipart(body, BOUNDARY)) {
      for await (const piece of part.content()) given.push(piece);
    }
    expect(Buffer.concat(given).equals(Buffer.concat(middle))).toBe(true);
    // The middle chunks are passed on as they are: the same memory, no copy.
    for (const chunk of middle.slice(1)) {
      expect(given.some((piece) => piece.buffer === chunk.buffer)).toBe(true);
    }
  });

  it("skips what a reader does not read, and reads small fields as text", async () => {
    const body = encode(
      [
        { name: "big", filename: "a.bin", data: new Uint8Array(100_000).fill(7) },
        { name: "note", data: Buffer.from("héllo") },
      ],
      BOUNDARY,
    );
    const seen: string[] = [];
    for await (const part of readMultipart(streamOf(body, [10, 5000, 70_000]), BOUNDARY)) {
      if (part.filename !== null) {
        for await (const piece of part.content()) {
          expect(piece.length).toBeGreaterThan(0);
          break; // read a little, leave the rest
        }
        seen.push(part.name);
      } else {
        seen.push(`${part.name}=${await part.text()}`);
      }
    }
    expect(seen).toEqual(["big", "note=héllo"]);
  });

  it("refuses a body cut off in a part, and one that is not multipart", async () => {
    const body = encode([{ name: "f", filename: "x.pdf", data: new Uint8Array(5000) }], BOUNDARY);
    await expect(parse(streamOf(body.slice(0, 3000), [100]), BOUNDARY)).rejects.toThrow(
      MultipartError,
    );
    await expect(parse(streamOf(body.slice(0, 3000)), BOUNDARY)).rejects.toThrow(
      "The upload was cut off before it ended.",
    );
    await expect(parse(streamOf(Buffer.from("hello world")), BOUNDARY)).rejects.toThrow(
      "The form is not valid.",
    );
    const noDisposition = Buffer.from(`--${BOUNDARY}\r\nX-Other: 1\r\n\r\nabc\r\n--${BOUNDARY}--`);
    await expect(parse(streamOf(noDisposition), BOUNDARY)).rejects.toThrow(
      "The form is not valid.",
    );
  });

  it("refuses a field read as text past its limit", async () => {
    const body = encode([{ name: "note", data: new Uint8Array(2000).fill(65) }], BOUNDARY);
    const reading = (async () => {
      for await (const part of readMultipart(streamOf(body), BOUNDARY)) await part.text(1000);
    })();
    await expect(reading).rejects.toThrow("A form field is too long.");
  });
});
