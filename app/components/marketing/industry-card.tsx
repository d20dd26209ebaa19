import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { Industry } from "~/content/industries";
import { StaticHtml } from "../static-html";

export function IndustryCard({
  industry,
  art,
}: {
  industry: Industry;
  /** The card's illustration, rendered by the page's loader (card-art.tsx); replaces the icon. */
  art?: string;
}) {
  const Icon = industry.icon;
  const headingId = `industry-${industry.slug}`;
  return (
    <Card className="flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      <article aria-labelledby={headingId} className="flex h-full flex-col">
        {art ? <StaticHtml html={art} className="border-b" /> : null}
        <CardHeader>
          {art ? null : (
            <span className="mb-2 inline-flex size-12 items-center justify-center rounded-lg bg-accent text-primary">
              <Icon className="size-6" aria-hidden />
            </span>
          )}
          <CardTitle as="h2" id={headingId}>
            {industry.title}
          </CardTitle>
          <CardDescription size="base">{industry.description}</CardDescription>
        </CardHeader>
        <CardContent className="mt-auto flex flex-col gap-4">
          <h3 className="text-sm font-semibold">Use cases</h3>
          <ul className="space-y-2 text-sm">
            {industry.useCases.map((useCase) => (
              <li key={useCase} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>{useCase}</span>
              </li>
            ))}
          </ul>
          <Link
            to="/contact"
            className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
          >
            Learn More<span className="sr-only"> about AI for {industry.title}</span>
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </CardContent>
      </article>
    </Card>
  );
}
