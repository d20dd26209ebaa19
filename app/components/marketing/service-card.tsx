import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { Service } from "~/content/services";
import { StaticHtml } from "../static-html";

export function ServiceCard({
  service,
  showFeatures = false,
  art,
}: {
  service: Service;
  showFeatures?: boolean;
  /** The card's illustration, rendered by the page's loader (card-art.tsx); replaces the icon. */
  art?: string;
}) {
  const Icon = service.icon;
  return (
    <Card className="flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      {art ? <StaticHtml html={art} className="border-b" /> : null}
      <CardHeader>
        {art ? null : (
          <span className="mb-2 inline-flex size-12 items-center justify-center rounded-lg bg-accent text-primary">
            <Icon className="size-6" aria-hidden />
          </span>
        )}
        <CardTitle>{service.title}</CardTitle>
        <CardDescription size="base">{service.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto flex flex-col gap-4">
        {showFeatures ? (
          <ul className="space-y-2 text-sm">
            {service.features.map((f) => (
              <li key={f} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>{f}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          to={service.link}
          className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
        >
          Learn More<span className="sr-only"> about {service.title}</span>
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}
