import type * as React from "react";

/**
 * Shows HTML a loader rendered with `renderStatic` (~/lib/static-markup.server): pictures and
 * sections with no state or handlers, kept out of the page's JavaScript (docs/decisions/017).
 * The HTML comes from our own components, never from user input.
 */
export function StaticHtml({
  html,
  ...props
}: { html: string } & Omit<React.ComponentProps<"div">, "children" | "dangerouslySetInnerHTML">) {
  return (
    <div
      {...props}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React rendered from our own components in a loader
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
