/**
 * After `react-router build`: write Brotli (.br) and gzip (.gz) copies of every compressible
 * file in build/client, so the server sends them without compressing per request. The gzip
 * copies are made with Zopfli: ordinary gzip that every client reads, ~3% smaller than zlib's
 * best, paid for once at build time.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const dir = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|data|webmanifest|map)$/;
const MIN_BYTES = 512;

function* files(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for (const file of files(dir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const data = readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = await gzipAsync(data, { numiterations: 15 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += data.length;
  afterBr += br.length;
}
console.log(
  `Precompressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli`,
);
