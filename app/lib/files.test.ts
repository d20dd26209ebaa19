import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACCEPT_ATTRIBUTE,
  cleanFileName,
  FILE_NAME_MAX,
  FIRST_PIECE_BYTES,
  fileExtension,
  formatFileSize,
  MAX_PIECE_BYTES,
  MB,
  MESSAGE_FORM_PATH,
  nextPieceBytes,
  pieceLength,
  UPLOAD_PATH,
} from "./files";

describe("file names", () => {
  it("keeps only the last path segment, from either kind of slash", () => {
    expect(cleanFileName("C:\\Users\\thandi\\Desktop\\Brief.pdf")).toBe("Brief.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("/tmp/logo final.png")).toBe("logo final.png");
  });

  it("drops control characters, direction overrides and the byte-order mark", () => {
    expect(cleanFileName("in\u0000voice\u0007.pdf")).toBe("invoice.pdf");
    expect(cleanFileName("two\r\nlines\t.pdf")).toBe("two lines .pdf");
    expect(cleanFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(cleanFileName("\ufeffnotes.txt")).toBe("notes.txt");
    expect(cleanFileName("a\u0085b\u009f.txt")).toBe("ab.txt");
  });

  it("drops zero-width and other invisible characters, keeping emoji sequences whole", () => {
    expect(cleanFileName("in\u200bvoice.pdf")).toBe("invoice.pdf");
    expect(cleanFileName("in\u200cvo\u200dice\u2060.pdf")).toBe("invoice.pdf");
    expect(cleanFileName("\u2062re\u00adport\u180e.pdf")).toBe("report.pdf");
    expect(cleanFileName("\u200b\u200d")).toBeNull();
    // The joiner inside an emoji sequence is part of the emoji.
    expect(cleanFileName("👩\u200d💻 notes.md")).toBe("👩\u200d💻 notes.md");
    expect(cleanFileName("a\u200d💻.md")).toBe("a💻.md");
  });

  it("keeps letters of every script and emoji, in NFC", () => {
    expect(cleanFileName("Ontwerp — Kopano 🚀.pdf")).toBe("Ontwerp — Kopano 🚀.pdf");
    expect(cleanFileName("設計図.png")).toBe("設計図.png");
    expect(cleanFileName("cafe\u0301.txt")).toBe("café.txt");
    expect(cleanFileName("👩‍💻 notes.md")).toBe("👩‍💻 notes.md");
  });

  it("makes spaces one, trims dots and spaces, replaces what Windows cannot store", () => {
    expect(cleanFileName("  my   design\t v2 .pdf ")).toBe("my design v2 .pdf");
    expect(cleanFileName("...hidden.txt")).toBe("hidden.txt");
    expect(cleanFileName("report.pdf...")).toBe("report.pdf");
    expect(cleanFileName('a<b>c:d"e|f?g*.txt')).toBe("a_b_c_d_e_f_g_.txt");
  });

  it("gives null when nothing usable is left", () => {
    for (const bad of ["", "   ", ".", "..", "/", "a/", "\u0000\u202E", "C:\\"]) {
      expect(cleanFileName(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("shortens a long name and keeps its extension", () => {
    const long = `${"ä".repeat(500)}.docx`;
    const clean = cleanFileName(long) as string;
    expect(Array.from(clean)).toHaveLength(FILE_NAME_MAX);
    expect(clean.endsWith(".docx")).toBe(true);
  });

  it("never returns a name with a slash, a control character or surrounding space", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (raw) => {
        const clean = cleanFileName(raw);
        if (clean === null) return;
        expect(clean).not.toMatch(/[/\\\p{Cc}\u202a-\u202e\u2066-\u2069\u200b\u2060]/u);
        expect(clean).toBe(clean.trim());
        expect(clean.startsWith(".")).toBe(false);
        expect(Array.from(clean).length).toBeLessThanOrEqual(FILE_NAME_MAX);
        expect(clean.isWellFormed()).toBe(true);
        expect(cleanFileName(clean)).toBe(clean);
      }),
    );
  });

  it("reads the extension in lower case", () => {
    expect(fileExtension("Brief.PDF")).toBe("pdf");
    expect(fileExtension("archive.tar.gz")).toBe("gz");
    expect(fileExtension("README")).toBe("");
    expect(fileExtension(".env")).toBe("");
    expect(fileExtension("trailing.")).toBe("");
  });
});

describe("sizes and the upload path", () => {
  it("reads sizes in 1024s", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(20 * 1024 * 1024)).toBe("20 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 GB");
  });

  it("names the upload endpoint and every accepted extension", () => {
    expect(UPLOAD_PATH.test("/portal/projects/4f1c/files")).toBe(true);
    expect(UPLOAD_PATH.test("/portal/projects/4f1c/files/")).toBe(true);
    expect(UPLOAD_PATH.test("/portal/projects/4f1c/files/x")).toBe(false);
    expect(UPLOAD_PATH.test("/portal/projects/4f1c")).toBe(false);
    // The Messages page's forms carry attachments (decision 087): streamed when multipart.
    expect(MESSAGE_FORM_PATH.test("/portal/messages")).toBe(true);
    expect(MESSAGE_FORM_PATH.test("/portal/messages.data")).toBe(true);
    expect(MESSAGE_FORM_PATH.test("/portal/messages/files/x")).toBe(false);
    expect(MESSAGE_FORM_PATH.test("/portal/messagesx")).toBe(false);
    expect(ACCEPT_ATTRIBUTE).toContain(".pdf");
    expect(ACCEPT_ATTRIBUTE).toContain(".svg");
  });
});

describe("a resumable upload's pieces (decisions 116, 134)", () => {
  it("start at 4 MB, then last about 15 s at the last one's speed, between 4 MB and 256 MB", () => {
    expect(nextPieceBytes(0, 0)).toBe(FIRST_PIECE_BYTES);
    // 1 MB/s: 15 MB.
    expect(nextPieceBytes(4 * MB, 4000)).toBe(15 * MB);
    // A slow line keeps the smallest; a fast one the largest.
    expect(nextPieceBytes(4 * MB, 60_000)).toBe(FIRST_PIECE_BYTES);
    expect(nextPieceBytes(4 * MB, 20)).toBe(MAX_PIECE_BYTES);
    expect(MAX_PIECE_BYTES).toBe(256 * MB);
  });

  it("carry the rest of the file when less than a first piece would be left after them", () => {
    expect(pieceLength(64 * MB, 200 * MB)).toBe(64 * MB);
    expect(pieceLength(64 * MB, 67 * MB)).toBe(67 * MB);
    expect(pieceLength(64 * MB, 68 * MB)).toBe(64 * MB);
    expect(pieceLength(256 * MB, 196 * MB)).toBe(196 * MB);
    expect(pieceLength(FIRST_PIECE_BYTES, 5 * MB)).toBe(5 * MB);
    expect(pieceLength(FIRST_PIECE_BYTES, 3 * MB)).toBe(3 * MB);
  });
});
