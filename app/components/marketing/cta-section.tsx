import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "./section";

export function CtaSection({
  title,
  text,
  primary,
  secondary,
}: {
  title: string;
  text: string;
  primary: { label: string; to: string };
  secondary?: { label: string; to: string };
}) {
  return (
    <section className="bg-band py-16 text-band-foreground md:py-20">
      <Container width="narrow" className="text-center">
        <h2 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h2>
        <p className="mt-4 text-lg opacity-90">{text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="inverse">
            <Link to={primary.to}>
              {primary.label}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          {secondary ? (
            <Button asChild size="lg" variant="inverse-outline">
              <Link to={secondary.to}>{secondary.label}</Link>
            </Button>
          ) : null}
        </div>
      </Container>
    </section>
  );
}
