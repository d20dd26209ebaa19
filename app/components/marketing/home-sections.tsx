/**
 * The home page's static sections: the hero picture, proof, how a project runs, why us and the
 * ways in. They have no state and no handlers, so the home page's loader renders them to HTML
 * (static-sections.server.tsx) and the page shows that HTML: they cost no JavaScript
 * (docs/decisions/017). Rendered outside the router, so links are plain <a> elements.
 */
import {
  ArrowRight,
  Bot,
  CalendarDays,
  Check,
  Clock,
  MessageCircle,
  ShieldCheck,
  Tag,
  TrendingUp,
} from "lucide-react";
import type { ProofItem } from "~/content/home";
import { homePage } from "~/content/home";
import type { Industry } from "~/content/industries";
import { site } from "~/content/site";
import { Container, Section, SectionHeading } from "./section";

const linkClass =
  "inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline";

/**
 * A live-looking picture of the product: the assistant booking a customer's appointment, and
 * the client portal tracking the project. One image to assistive technology.
 */
export function HeroPicture() {
  const steps = homePage.process;
  return (
    <div
      role="img"
      aria-label={homePage.pictureLabel}
      className="relative isolate mx-auto max-w-lg"
    >
      <div className="overflow-hidden rounded-2xl border bg-card text-left shadow-xl ring-8 ring-primary/10">
        <div className="flex items-center gap-3 border-b bg-muted/60 px-4 py-3">
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Bot className="size-5" />
          </span>
          <span className="flex-1">
            <span className="block text-sm font-semibold">{site.name} assistant</span>
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <span className="size-2 rounded-full bg-emerald-500" />
              Online, day and night
            </span>
          </span>
        </div>
        <div className="space-y-3 p-4 pb-10 text-sm sm:pb-14">
          <p className="ml-auto w-fit max-w-[80%] rounded-2xl rounded-br-sm bg-primary px-3.5 py-2 text-primary-foreground">
            Hi, can I move my appointment to Friday?
          </p>
          <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-sm bg-muted px-3.5 py-2">
            Of course. Friday has a slot at 10:30. Shall I book it and send you a reminder?
          </p>
          <p className="ml-auto w-fit max-w-[80%] rounded-2xl rounded-br-sm bg-primary px-3.5 py-2 text-primary-foreground">
            Yes please!
          </p>
          <p className="flex w-fit items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-3.5 py-3">
            <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground" />
            <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground [animation-delay:.2s]" />
            <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground [animation-delay:.4s]" />
          </p>
        </div>
      </div>
      <div className="relative z-10 -mt-6 ml-6 rounded-2xl border bg-card p-4 text-left shadow-xl ring-8 ring-amber-400/20 dark:ring-primary/15 sm:-mt-10 sm:ml-16 sm:-mr-6">
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            Client portal
          </span>
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
            In Progress
          </span>
        </div>
        <p className="mt-2 font-semibold">WhatsApp booking assistant</p>
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-muted">
          <div className="h-full w-3/4 rounded-full bg-primary" />
        </div>
        <ol className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
          {steps.map((step, i) => (
            <li key={step.title} className="flex items-center gap-1.5">
              {i < 2 ? (
                <Check className="size-3.5 shrink-0 text-emerald-700 dark:text-emerald-400" />
              ) : (
                <span
                  className={`size-3.5 shrink-0 rounded-full border-2 ${i === 2 ? "border-primary" : ""}`}
                />
              )}
              <span className={i < 2 ? "text-muted-foreground" : ""}>{step.title}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

export function ProofSection({
  items,
  industries,
}: {
  items: ProofItem[];
  industries: Pick<Industry, "slug" | "title" | "icon">[];
}) {
  return (
    <Section aria-labelledby="proof-heading" className="border-b">
      <Container>
        <SectionHeading
          id="proof-heading"
          title={homePage.proofTitle}
          intro={homePage.proofIntro}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li
              key={item.href}
              className="flex flex-col rounded-xl border border-t-4 border-t-primary bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <p className="text-sm font-semibold">{item.client}</p>
              <p className="text-xs text-muted-foreground">
                {item.industry} · {item.location}
              </p>
              <p className="mt-5 text-4xl font-extrabold tracking-tight text-primary">
                {item.value}
              </p>
              <p className="mt-1 text-foreground/80">{item.label}</p>
              <a href={item.href} className={`${linkClass} mt-auto pt-5 text-sm`}>
                Read the case study<span className="sr-only"> – {item.title}</span>
                <ArrowRight className="size-4" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
            {homePage.industriesTitle}
          </h3>
          <ul className="mt-4 flex flex-wrap justify-center gap-2">
            {industries.map(({ slug, title, icon: Icon }) => (
              <li key={slug}>
                <a
                  href={`/solutions#industry-${slug}`}
                  className="inline-flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium transition-colors hover:border-primary hover:text-primary"
                >
                  <Icon className="size-4 text-primary" aria-hidden />
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </Section>
  );
}

const reasonIcons = [TrendingUp, ShieldCheck, Clock];

export function ProcessSection() {
  return (
    <Section className="bg-muted/40" aria-labelledby="process-heading">
      <Container>
        <SectionHeading
          id="process-heading"
          title={homePage.processTitle}
          intro={homePage.processIntro}
        />
        <ol className="relative grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          <span
            aria-hidden
            className="absolute top-6 right-[12.5%] left-[12.5%] hidden h-0.5 bg-gradient-to-r from-primary/50 via-primary/30 to-amber-400/60 lg:block"
          />
          {homePage.process.map((step, i) => (
            <li key={step.title} className="relative flex flex-col lg:items-center lg:text-center">
              <span
                aria-hidden
                className="mb-4 inline-flex size-12 items-center justify-center rounded-full border-4 border-background bg-primary text-lg font-bold text-primary-foreground shadow"
              >
                {i + 1}
              </span>
              <div className="h-full w-full rounded-xl border bg-card p-6 shadow-sm">
                <h3 className="text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
                  <Clock className="size-4" aria-hidden />
                  {step.time}
                </p>
                <p className="mt-3 text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <h3 className="sr-only">{homePage.whyTitle}</h3>
        <ul className="mt-12 grid gap-6 rounded-xl border bg-card p-6 shadow-sm md:grid-cols-3 md:p-8">
          {homePage.reasons.map(({ title, text }, i) => {
            const Icon = reasonIcons[i] ?? Check;
            return (
              <li key={title} className="flex gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="mt-1 block text-sm text-muted-foreground">{text}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </Container>
    </Section>
  );
}

const wayIcons = { demo: Bot, pricing: Tag, call: CalendarDays, whatsapp: MessageCircle };

export function WaysInSection() {
  return (
    <Section aria-labelledby="ways-heading">
      <Container>
        <SectionHeading id="ways-heading" title={homePage.waysTitle} intro={homePage.waysIntro} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {homePage.ways.map((way) => {
            const Icon = wayIcons[way.key as keyof typeof wayIcons];
            const external = way.href.startsWith("https://");
            return (
              <li key={way.key} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
                <span className="mb-4 inline-flex size-12 items-center justify-center rounded-lg bg-accent text-primary">
                  <Icon className="size-6" aria-hidden />
                </span>
                <h3 className="text-lg font-semibold">{way.title}</h3>
                <p className="mt-2 mb-5 text-sm text-muted-foreground">{way.text}</p>
                <a
                  href={way.href}
                  className={`${linkClass} mt-auto`}
                  {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                >
                  {way.label}
                  {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
                  <ArrowRight className="size-4" aria-hidden />
                </a>
              </li>
            );
          })}
        </ul>
      </Container>
    </Section>
  );
}
