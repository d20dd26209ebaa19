import { hydrateOnUse } from "~/components/hydrate-on-use";
import { JsonLd } from "~/components/json-ld";
import { CtaSection } from "~/components/marketing/cta-section";
import { Container, PageHero, Section } from "~/components/marketing/section";
import { VoiceAgentPanel } from "~/components/marketing/voice-agent-panel";
import { demoPage, voiceAgent } from "~/content/demo";
import { site } from "~/content/site";
import { type ChatResult, conversationField } from "~/lib/assistant/conversation";
import { pageMeta } from "~/lib/seo";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/demo";
import { handleChatForm } from "./demo.server";

/** The chat's code loads when it is first used (decision 113). */
const DemoChat = hydrateOnUse(() =>
  import("~/components/marketing/demo-chat").then((m) => m.DemoChat),
);

/** The page's and the voice agent's text come with the page's data, not its JavaScript (issue 38). */
export function loader() {
  return { page: demoPage, voiceAgent, breadcrumbs: navBreadcrumbJsonLd("/demo") };
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
    return {
      conversation: conversationField(form.get("conversation")),
      error: "The message could not be sent. Please check your connection and try again.",
      values: Object.fromEntries(
        ["question", "name", "email"].map((k) => [k, String(form.get(k) ?? "")]),
      ),
    };
  }
}

export default function Demo({
  loaderData: { page, voiceAgent, breadcrumbs },
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
            <VoiceAgentPanel headingId="voice-heading" voiceAgent={voiceAgent} />
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
