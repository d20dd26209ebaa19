import { CalendarClock, Check, Clock, PhoneCall } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { voiceAgent as VoiceAgentText } from "~/content/demo";
import { site } from "~/content/site";

/** The demo page's voice agent panel: the demo line, availability and the voice demo's booking page. */
export function VoiceAgentPanel({
  headingId,
  voiceAgent,
}: {
  headingId: string;
  /** Its text, from the route's loader (not in the page's JavaScript). */
  voiceAgent: typeof VoiceAgentText;
}) {
  return (
    <div className="flex h-full flex-col gap-6 rounded-xl border bg-card p-6 shadow-sm md:p-8">
      <div className="flex items-start justify-between gap-4">
        <span className="inline-flex size-12 items-center justify-center rounded-lg bg-accent text-primary">
          <PhoneCall className="size-6" aria-hidden />
        </span>
        <Badge variant="secondary" size="lg" className="gap-1">
          <Clock className="size-3.5" aria-hidden />
          {voiceAgent.availability}
        </Badge>
      </div>
      <div>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          {voiceAgent.title}
        </h2>
        <p className="mt-2 text-muted-foreground">{voiceAgent.intro}</p>
      </div>
      <div className="rounded-lg bg-muted p-4">
        <p className="text-sm font-medium text-muted-foreground">{voiceAgent.phoneLabel}</p>
        <a
          href={`tel:${site.phoneE164}`}
          className="mt-1 block text-2xl font-bold tracking-tight text-primary hover:underline"
        >
          {site.phone}
        </a>
      </div>
      <ul className="space-y-2 text-sm">
        {voiceAgent.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button asChild size="lg" className="mt-auto">
        <a href={voiceAgent.buttonHref}>
          <CalendarClock aria-hidden />
          {voiceAgent.buttonLabel}
        </a>
      </Button>
    </div>
  );
}
