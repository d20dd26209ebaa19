import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import type { Crumb } from "~/content/breadcrumbs";
import { breadcrumbStructuredData, serializeJsonLd } from "~/lib/structured-data";

/**
 * A visible breadcrumb trail, and the same trail as structured data. The last crumb is the
 * current page. (A page in the navigation without a visible trail gets its structured data from
 * its loader: `navBreadcrumbJsonLd`.)
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center justify-center gap-1 text-muted-foreground">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={item.to} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="text-foreground">
                  {item.label}
                </span>
              ) : (
                <Link to={item.to} className="hover:text-foreground hover:underline">
                  {item.label}
                </Link>
              )}
              {last ? null : <ChevronRight className="size-4" aria-hidden />}
            </li>
          );
        })}
      </ol>
      <JsonLd json={serializeJsonLd(breadcrumbStructuredData(items))} />
    </nav>
  );
}
