import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { StaticHtml } from "~/components/static-html";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { Package } from "~/content/packages";
import { cn } from "~/lib/utils";

/**
 * A package card; 'Get Started' preselects the package in the quote form below it. Its price in
 * rand (`monthly`) and the 'Most Popular' mark come rendered from the route's loader, so that the
 * money and badge code is not in the page's first load (decision 145).
 */
export function PlanCard({
  plan,
  popularBadgeHtml,
}: {
  plan: Package & { monthly?: string };
  popularBadgeHtml: string;
}) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <Card
      featured={plan.popular}
      className={cn("relative flex h-full flex-col", plan.popular && "lg:-mt-4 lg:mb-4")}
    >
      <article aria-labelledby={headingId} className="flex h-full flex-col">
        {plan.popular ? (
          <StaticHtml
            html={popularBadgeHtml}
            className="absolute -top-3 left-1/2 flex -translate-x-1/2"
          />
        ) : null}
        <CardHeader className="pt-8">
          <CardTitle as="h2" id={headingId} size="2xl">
            {plan.name}
          </CardTitle>
          <CardDescription size="base">{plan.tagline}</CardDescription>
          <p className="mt-4">
            {plan.price.kind === "from" ? (
              <>
                <span className="text-sm text-muted-foreground">from </span>
                <span className="text-4xl font-bold tracking-tight">{plan.monthly}</span>
                <span className="text-muted-foreground"> per month</span>
              </>
            ) : (
              <>
                <span className="block text-4xl font-bold tracking-tight">Custom</span>
                <span className="text-muted-foreground">Contact us for a quote</span>
              </>
            )}
          </p>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-6">
          <ul className="space-y-3 text-sm" aria-label={`${plan.name} features`}>
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
          <Button
            asChild
            size="lg"
            variant={plan.popular ? "default" : "outline"}
            className="mt-auto w-full"
          >
            <Link to={`/pricing?package=${plan.name}#quote`} preventScrollReset replace>
              Get Started<span className="sr-only"> with {plan.name}</span>
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </CardContent>
      </article>
    </Card>
  );
}
