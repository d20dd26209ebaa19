import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "~/components/icons";

/** The link above a portal page's heading back to the list it was opened from ('Back to Billing'). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-primary text-sm hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}
