import { hydrateOnUse } from "~/components/hydrate-on-use";
import { JsonLd } from "~/components/json-ld";
import { CtaSection } from "~/components/marketing/cta-section";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { voiceAgentHtml } from "~/components/marketing/static-sections.server";
import { StaticHtml } from "~/components/static-html";
import { demoPage, voiceAgent } from "~/content/demo";
import { site } from "~/content/site";
import type { ChatResult } from "~/lib/assistant/conversation";
import { pageMeta } from "~/lib/seo";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/demo";
import { handleChatForm } from "./demo.server";

/** The chat's code loads when it is first used (decision 113). */
const DemoChat = hydrateOnUse(() =>
  import("~/components/marketing/demo-chat").then((m) => m.DemoChat),
);

/**
 * The page's text comes with the page's data, not its JavaScript (issue 38); the voice agent's
 * panel (links and text) as HTML, so that its code and the badge's are not files of the page's
 * first load (decision 145).
 */
export function loader() {
  return {
    page: demoPage,
    voiceAgentHtml: voiceAgentHtml(voiceAgent, "voice-heading"),
    breadcrumbs: navBreadcrumbJsonLd("/demo"),
  };
}

/**
 * The loader's data are the page's fixed text: a form's answer never changes them, so nothing is
 * asked for again after a send (a lost connection then ends in the form's 'Error', not an error page).
 */
export function shouldRevalidate() {
  return false;
}

export const meta = () =>
  pageMeta({
    title: "Try Our AI Chatbot & Voice Agent Demo",
    description: `Try ${site.name}'s demo AI chatbot in your browser and call our 24/7 AI voice agent demo line. Then book a personalised demo for your business.`,
    path: "/demo",
  });

/** The chat form's questions and handovers (without JavaScript, or before it has loaded). */
export function action({ request }: { request: Request }) {
  return handleChatForm(request);
}

/** In the browser: a request that never reaches the server still ends in a message. */
export async function clientAction({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<ChatResult>;
}): Promise<ChatResult> {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch {
    // The chat's own module has loaded this one before any send from the page: the import needs
    // no request, and the page's first load has one file fewer (decision 145).
    const { conversationField } = await import("~/lib/assistant/conversation");
    return {
      conversation: conversationField(form.get("conversation")),
      error: "The message could not be sent. Please check your connection and try again.",
      // A question's failure is said beside the question box, which still holds it.
      ...(form.get("intent") === "ask" ? { field: "question" as const } : {}),
      values: Object.fromEntries(
        ["question", "name", "email"].map((k) => [k, String(form.get(k) ?? "")]),
      ),
    };
  }
}

export default function Demo({
  loaderData: { page, voiceAgentHtml, breadcrumbs },
}: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title={page.title} intro={page.intro} />

      <Section>
        <Container className="grid grid-cols-1 gap-8 lg:grid-cols-5">
          <section
            id="chat"
            aria-labelledby="chat-heading"
            className="flex scroll-mt-20 flex-col gap-4 lg:col-span-3"
          >
            <div>
              <h2 id="chat-heading" className="text-2xl font-bold tracking-tight">
                {page.chatTitle}
              </h2>
              <p className="mt-2 text-muted-foreground">{page.chatIntro}</p>
            </div>
            <DemoChat />
          </section>
          <section aria-labelledby="voice-heading" className="lg:col-span-2">
            <StaticHtml html={voiceAgentHtml} className="h-full" />
          </section>
        </Container>
      </Section>

      <CtaSection
        title={page.ctaTitle}
        text={page.ctaText}
        primary={{ label: page.ctaLabel, to: "/contact" }}
        secondary={{ label: "View Case Studies", to: "/case-studies" }}
      />
      <JsonLd json={breadcrumbs} />
    </main>
  );
}
