import type { CaseStudyResult } from "~/content/case-studies";
import { cn } from "~/lib/utils";

/** A case study's results: each figure with what it measures. */
export function CaseStudyResults({
  results,
  className,
  size = "sm",
}: {
  results: CaseStudyResult[];
  className?: string;
  size?: "sm" | "lg";
}) {
  return (
    <ul className={cn("grid gap-3 sm:grid-cols-2", className)}>
      {results.map((r) => (
        <li
          key={r.label}
          className={cn("rounded-lg border bg-accent/50", size === "lg" ? "p-6" : "p-4")}
        >
          <span
            className={cn(
              "block font-bold tracking-tight text-primary",
              size === "lg" ? "text-4xl" : "text-2xl",
            )}
          >
            {r.value}
          </span>{" "}
          <span className="text-sm text-foreground/80">{r.label}</span>
        </li>
      ))}
    </ul>
  );
}
