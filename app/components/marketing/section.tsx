import type * as React from "react";
import { cn } from "~/lib/utils";

export function Section({ className, ...props }: React.ComponentProps<"section">) {
  return <section className={cn("py-16 md:py-24", className)} {...props} />;
}

const widths = { wide: "max-w-7xl", text: "max-w-4xl", narrow: "max-w-3xl" };

export function Container({
  className,
  width = "wide",
  ...props
}: React.ComponentProps<"div"> & { width?: keyof typeof widths }) {
  return (
    <div className={cn("mx-auto px-4 sm:px-6 lg:px-8", widths[width], className)} {...props} />
  );
}

export function SectionHeading({
  id,
  title,
  intro,
  className,
}: {
  id?: string;
  title: string;
  intro?: string;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto mb-12 max-w-3xl text-center", className)}>
      <h2 id={id} className="text-3xl font-bold tracking-tight md:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-muted-foreground">{intro}</p> : null}
    </div>
  );
}

/** The top banner of an inner page: its one h1 and an introduction. */
export function PageHero({ title, intro }: { title: string; intro: string }) {
  return (
    <section className="border-b bg-gradient-to-b from-accent/60 to-background py-16 md:py-20">
      <Container width="text" className="text-center">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{title}</h1>
        <p className="mt-5 text-lg text-muted-foreground md:text-xl">{intro}</p>
      </Container>
    </section>
  );
}
