import { cn } from "~/lib/utils";

export interface Step {
  title: string;
  text: string;
}

/** An ordered list of steps, each with a round number badge, a heading and a sentence. */
export function NumberedSteps({
  steps,
  size = "md",
  className,
}: {
  steps: readonly Step[];
  /** "lg": roomier, with larger headings (a case study's approach). */
  size?: "md" | "lg";
  className?: string;
}) {
  return (
    <ol className={cn(size === "lg" ? "space-y-6" : "space-y-4", className)}>
      {steps.map((step, i) => (
        <li key={step.title} className="flex gap-4">
          <span
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
            aria-hidden
          >
            {i + 1}
          </span>
          <div>
            <h3 className={size === "lg" ? "text-lg font-semibold" : "font-semibold"}>
              {step.title}
            </h3>
            <p className={cn(size === "lg" && "mt-1", "text-muted-foreground")}>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
