import { Link, useLocation } from "react-router";
import { buttonVariants } from "./button";

/**
 * The foot of a paged list (app/lib/pagination.ts): 'Load more' opens the next page (a real
 * link, so it works before scripts load), and a page after the first offers the way back.
 * Other search parameters (filters, another list's cursor) are kept.
 */
export function LoadMore({
  next,
  label = "Load more",
  backLabel = "Back to the newest",
  param = "cursor",
  navLabel = "More",
}: {
  next: string | null;
  label?: string;
  /** The link back to the first page (a list in another order: 'Back to the soonest'). */
  backLabel?: string;
  /** The search parameter holding the cursor: a page with several lists gives each its own. */
  param?: string;
  /** The navigation's name: each list's own when a page has several ('More invoices'). */
  navLabel?: string;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onLaterPage = params.has(param);
  if (!next && !onLaterPage) return null;
  const nextParams = new URLSearchParams(params);
  if (next) nextParams.set(param, next);
  const firstParams = new URLSearchParams(params);
  firstParams.delete(param);
  const first = firstParams.toString();
  return (
    <nav aria-label={navLabel} className="flex flex-wrap items-center justify-center gap-3 pt-2">
      {onLaterPage ? (
        <Link
          to={first ? `?${first}` : location.pathname}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          {backLabel}
        </Link>
      ) : null}
      {next ? (
        <Link
          to={`?${nextParams.toString()}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          {label}
        </Link>
      ) : null}
    </nav>
  );
}
