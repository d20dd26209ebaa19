import { type JsonLdDocument, serializeJsonLd } from "~/lib/structured-data";

/** Structured data for search engines, in the page's HTML. */
export function JsonLd({ data }: { data: JsonLdDocument }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes every "<"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
