/**
 * Structured data for search engines, in the page's HTML. Takes the JSON already serialised
 * with `serializeJsonLd` (~/lib/structured-data), so a page can build it in its loader and keep
 * the builders out of its JavaScript (the home page does).
 */
export function JsonLd({ json }: { json: string }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes every "<"
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
