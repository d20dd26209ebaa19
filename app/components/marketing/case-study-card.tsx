import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { CaseStudy } from "~/content/case-studies";
import { cn } from "~/lib/utils";
import { CaseStudyResults } from "./case-study-results";

/** One case study on the overview page: image, facts, challenge, solution, results. */
export function CaseStudyCard({
  study,
  eager = false,
  reversed = false,
}: {
  study: Omit<CaseStudy, "story">;
  /** Load the image at once (for the first card, likely above the fold). */
  eager?: boolean;
  /** Put the image on the right on large screens. */
  reversed?: boolean;
}) {
  const headingId = `case-${study.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid items-start gap-8 rounded-xl border bg-card p-6 shadow-sm md:p-8 lg:grid-cols-5 lg:gap-12"
    >
      <div className={cn("lg:col-span-2", reversed && "lg:order-last")}>
        <img
          src={study.image.src}
          width={study.image.width}
          height={study.image.height}
          alt={study.image.alt}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          className="h-auto w-full rounded-lg border bg-muted"
        />
      </div>
      <div className="flex flex-col gap-5 lg:col-span-3">
        <div>
          <Badge variant="secondary" className="mb-3" aria-hidden="true">
            {study.industry}
          </Badge>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight md:text-3xl">
            {study.title}
          </h2>
          <p className="mt-1 text-muted-foreground">{study.summary}</p>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Client</dt>
          <dd className="text-muted-foreground">{study.client}</dd>
          <dt className="font-semibold">Industry</dt>
          <dd className="text-muted-foreground">{study.industry}</dd>
        </dl>
        <div>
          <h3 className="font-semibold">The Challenge</h3>
          <p className="mt-1 text-muted-foreground">{study.challenge}</p>
        </div>
        <div>
          <h3 className="font-semibold">Our Solution</h3>
          <p className="mt-1 text-muted-foreground">{study.solution}</p>
        </div>
        <div>
          <h3 className="mb-3 font-semibold">Results</h3>
          <CaseStudyResults results={study.results} />
        </div>
        <div>
          <Button asChild variant="outline">
            <Link to={`/case-studies/${study.slug}`} prefetch="intent">
              View Full Case Study<span className="sr-only"> – {study.title}</span>
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
