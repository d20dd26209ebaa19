import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * HTML for components with no state and no handlers, rendered in a loader so that neither
 * their code nor their drawings ship as JavaScript; the page shows it with <StaticHtml>
 * (docs/decisions/017). They render outside the router: links are plain <a> elements.
 */
export function renderStatic(node: ReactNode): string {
  return renderToStaticMarkup(node);
}
