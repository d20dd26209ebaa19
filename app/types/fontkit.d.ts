/** The one part of fontkit (PDFKit's font engine) the report uses: a font's characters. */
declare module "fontkit" {
  export function openSync(path: string): { characterSet: number[] };
}
