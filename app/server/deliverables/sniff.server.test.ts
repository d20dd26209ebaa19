import { describe, expect, it } from "vitest";
import { sniffFileType } from "./sniff.server";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? Array.from(Buffer.from(p, "latin1")) : p)),
  );
const typeOf = (head: Uint8Array, name: string, complete = true) => {
  const r = sniffFileType(head, name, complete);
  return r.ok ? r.type : `refused: ${r.message}`;
};

describe("the content sniffer", () => {
  it("knows the binary types from their first bytes", () => {
    expect(typeOf(bytes("%PDF-1.7\n"), "Brief.pdf")).toBe("application/pdf");
    expect(typeOf(bytes([0x89], "PNG\r\n\x1a\n", [0, 0]), "logo.PNG")).toBe("image/png");
    expect(typeOf(bytes([0xff, 0xd8, 0xff, 0xe0]), "photo.jpeg")).toBe("image/jpeg");
    expect(typeOf(bytes([0xff, 0xd8, 0xff, 0xe1]), "photo.jpg")).toBe("image/jpeg");
    expect(typeOf(bytes("GIF89a"), "a.gif")).toBe("image/gif");
    expect(typeOf(bytes("RIFF\x10\0\0\0WEBPVP8 "), "a.webp")).toBe("image/webp");
    expect(typeOf(bytes("8BPS\0\x01"), "mock.psd")).toBe("image/vnd.adobe.photoshop");
    expect(typeOf(bytes("\0\0\0\x18ftypmp42"), "demo.mp4")).toBe("video/mp4");
    expect(typeOf(bytes("\0\0\0\x14ftypqt  "), "demo.mov")).toBe("video/quicktime");
    expect(typeOf(bytes("wOF2\0\x01"), "brand.woff2")).toBe("font/woff2");
    expect(typeOf(bytes([0, 1, 0, 0, 0, 0x12]), "brand.ttf")).toBe("font/ttf");
  });

  it("tells ZIP and OLE containers apart by their extension", () => {
    const zip = bytes("PK\x03\x04\x14\0");
    expect(typeOf(zip, "handover.zip")).toBe("application/zip");
    expect(typeOf(zip, "Proposal.docx")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(typeOf(zip, "Budget.xlsx")).toMatch(/spreadsheetml/);
    expect(typeOf(zip, "app.jar")).toBe(
      'refused: "app.jar" does not hold what its name says (.jar).',
    );
    const ole = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(typeOf(ole, "Old.doc")).toBe("application/msword");
    expect(typeOf(ole, "Old.msi")).toMatch(/^refused/);
  });

  it("refuses content that does not match the name", () => {
    expect(typeOf(bytes("%PDF-1.4"), "logo.png")).toBe(
      'refused: "logo.png" does not hold what its name says (.png).',
    );
    expect(typeOf(bytes("<html><script>alert(1)</script>"), "logo.png")).toMatch(/not a type/);
    expect(typeOf(bytes("<html><script>alert(1)</script>"), "fake.svg")).toBe(
      'refused: "fake.svg" does not hold what its name says (.svg).',
    );
    expect(typeOf(bytes("%PDF-1.4"), "README")).toBe(
      'refused: "README" needs an extension that says what it holds (such as .pdf).',
    );
  });

  it("refuses programs and pages, whatever they are called", () => {
    expect(typeOf(bytes("MZ\x90\0\x03\0"), "invoice.pdf")).toMatch(
      /is not a type of file we accept/,
    );
    expect(typeOf(bytes("\x7fELF\x02\x01"), "tool.txt")).toMatch(/not a type/);
    expect(typeOf(bytes("<!doctype html><p>hi"), "page.html")).toMatch(/not a type/);
    expect(typeOf(bytes("#!/bin/sh\nrm -rf /"), "run.sh")).toMatch(/not a type/);
    expect(typeOf(bytes("hello"), "notes")).toMatch(/not a type/);
  });

  it("accepts text that is UTF-8 without control characters", () => {
    expect(typeOf(bytes("Name,Amount\r\nThandi,100\n"), "data.csv")).toBe(
      "text/csv; charset=utf-8",
    );
    expect(typeOf(new TextEncoder().encode("# Notas\n\tCafé ✓"), "notes.md")).toBe(
      "text/markdown; charset=utf-8",
    );
    expect(typeOf(bytes('{"a":1}'), "config.json")).toBe("application/json");
    expect(typeOf(bytes("a\0b"), "notes.txt")).toMatch(/not a type/);
    expect(typeOf(bytes([0xc3, 0x28]), "notes.txt")).toMatch(/not a type/);
    expect(typeOf(bytes("bell\x07"), "notes.txt")).toMatch(/not a type/);
  });

  it("accepts a UTF-8 sequence cut by the end of the window, not by the end of the file", () => {
    const cut = new TextEncoder().encode("ok é").slice(0, -1);
    expect(typeOf(cut, "notes.txt", false)).toBe("text/plain; charset=utf-8");
    expect(typeOf(cut, "notes.txt", true)).toMatch(/not a type/);
  });

  it("takes an SVG only when its first element is <svg>", () => {
    const svg = (text: string) => typeOf(new TextEncoder().encode(text), "icon.svg");
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe("image/svg+xml");
    expect(
      svg(
        '\ufeff<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>',
      ),
    ).toBe("image/svg+xml");
    expect(svg("<html><svg></svg></html>")).toMatch(/does not hold/);
    expect(svg("<svgx>")).toMatch(/does not hold/);
  });
});
