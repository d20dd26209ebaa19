/**
 * A PDF's text as a reader would copy it, laid out as on the page: read back with pdftotext
 * (Debian's poppler-utils, which `scripts/ensure-chromium.sh` installs for CI).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function textOfPdf(pdf: Buffer | ArrayBuffer | Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "document.pdf");
    writeFileSync(file, pdf instanceof ArrayBuffer ? new Uint8Array(pdf) : pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
