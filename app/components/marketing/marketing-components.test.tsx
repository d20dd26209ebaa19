import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { demoChat } from "~/content/demo";
import { packages } from "~/content/packages";
import { ContactForm } from "./contact-form";
import { DemoChat } from "./demo-chat";
import { MapEmbed } from "./map-embed";
import { PlanCard } from "./plan-card";
import { QuoteForm } from "./quote-form";
import { popularBadgeHtml } from "./static-sections.server";

/** Server-render a component inside a data router, as prerendering does. */
function render(element: React.ReactElement, path = "/") {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  return renderToString(<RouterProvider router={router} />);
}

const attr = (html: string, tag: string, name: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\b${name}="([^"]*)"`, "g"))].map((m) => m[1]);

/** Every <label for> points at an element with that id, and every field has a label. */
function expectLabelled(html: string, names: string[]) {
  const labelFor = new Set(attr(html, "label", "for"));
  for (const name of names) {
    const field = html.match(
      new RegExp(`<(input|select|textarea)\\b[^>]*\\bname="${name}"[^>]*>`),
    )?.[0];
    expect(field, `field ${name}`).toBeDefined();
    const id = field?.match(/\bid="([^"]*)"/)?.[1];
    expect(id, `id of ${name}`).toBeTruthy();
    expect(labelFor.has(id ?? ""), `label for ${name}`).toBe(true);
  }
}

describe("QuoteForm", () => {
  const html = render(<QuoteForm />, "/pricing");

  it("posts the spec's fields, each with a visible label", () => {
    expect(html).toMatch(/<form\b[^>]*method="post"/);
    expectLabelled(html, [
      "selectedPackage",
      "name",
      "email",
      "phone",
      "address",
      "startDate",
      "finishDate",
      "message",
    ]);
    for (const label of [
      "Package",
      "Name",
      "Email",
      "Phone",
      "Address",
      "Project Start Date",
      "Project Finish Date",
      "Message",
    ]) {
      expect(html).toContain(`>${label}</label>`);
    }
  });

  it("offers the three packages in a native select", () => {
    expect(html).toMatch(/<select\b[^>]*name="selectedPackage"/);
    for (const name of ["Starter", "Growth", "Enterprise"]) {
      expect(html).toContain(`<option value="${name}">${name}</option>`);
    }
  });

  it("uses native date inputs and textareas for the address and message", () => {
    expect(html).toMatch(
      /<input\b[^>]*type="date"[^>]*name="startDate"|name="startDate"[^>]*type="date"/,
    );
    expect(html).toMatch(/<textarea\b[^>]*name="address"/);
    expect(html).toMatch(/<textarea\b[^>]*name="message"/);
  });

  it("explains the POPIA purpose and links the privacy policy", () => {
    expect(html).toContain("We use these details only to prepare and send your quote");
    expect(html).toContain('href="/legal/privacy"');
    expect(html).toMatch(/<button\b[^>]*type="submit"[^>]*>.*Request Quote<\/button>/s);
  });
});

describe("ContactForm", () => {
  const html = render(<ContactForm />, "/contact");

  it("posts the spec's fields, each with a visible label, phone and company optional", () => {
    expect(html).toMatch(/<form\b[^>]*method="post"/);
    expectLabelled(html, ["name", "email", "phone", "company", "message"]);
    expect(html.match(/\(optional\)/g)).toHaveLength(2);
    expect(html).toContain('href="/legal/privacy"');
    expect(html).toContain("Send Message");
  });
});

describe("DemoChat", () => {
  const html = render(<DemoChat />, "/demo");

  it("starts with the greeting in a polite, named live log", () => {
    expect(html).toMatch(/role="log"/);
    expect(html).toMatch(/aria-live="polite"/);
    expect(html).toMatch(/aria-label="Chat conversation"/);
    expect(html).toContain(demoChat.greeting.replace(/'/g, "&#x27;"));
  });

  it("labels its input and send button", () => {
    expect(html).toContain(`>${demoChat.inputLabel}</label>`);
    expect(html).toMatch(/Send<span class="sr-only"> message<\/span>/);
  });

  it("says it is an automated assistant", () => {
    expect(html).toContain(demoChat.automatedNotice);
  });

  it("is a real form the server answers, whose Enter works before the scripts load", () => {
    const form = html.match(/<form\b[^>]*action="\/demo#chat"[^>]*>/)?.[0];
    expect(form).toContain('method="post"');
    expect(html).toMatch(/<input\b[^>]*name="question"/);
    expect(html).toMatch(/<input type="hidden" name="conversation" value="\[\{&quot;role&quot;/);
    // A disabled default button would block implicit submission (Enter) in the browser.
    expect(html).not.toMatch(/<button\b[^>]*type="submit"[^>]*disabled/);
  });
});

describe("DemoChat's answers", () => {
  it("shows an answer's lines and bullets as written, with its capitals and its page's link", () => {
    const text =
      "It includes:\n• AI chatbots for your website, WhatsApp and social channels\n• English, Afrikaans, isiZulu and isiXhosa support";
    const router = createMemoryRouter([{ id: "demo", path: "/demo", element: <DemoChat /> }], {
      initialEntries: ["/demo"],
      hydrationData: {
        actionData: {
          demo: {
            ok: true,
            conversation: [
              { role: "user", text: "What does your AI service include?" },
              { role: "assistant", text, url: "/services/ai", page: "AI Services" },
            ],
          },
        },
      },
    });
    const html = renderToString(<RouterProvider router={router} />);
    // The bubble keeps the answer's line breaks (one bullet a line) and its words as written.
    const bubble = html.match(/<div class="[^"]*whitespace-pre-wrap[^"]*"><p>([^<]*)<\/p>/g) ?? [];
    expect(bubble.some((b) => b.includes(text))).toBe(true);
    expect(html).toMatch(/href="\/services\/ai"[^>]*>AI Services<\/a>/);
  });
});

describe("MapEmbed", () => {
  it("loads no third-party frame until asked", () => {
    const html = render(<MapEmbed picture="<svg></svg>" />, "/contact");
    expect(html).not.toContain("<iframe");
    expect(html).toContain("Show map");
  });
});

describe("PlanCard", () => {
  it("marks only the popular plan and links 'Get Started' to the quote form", () => {
    for (const plan of packages) {
      const html = render(
        <PlanCard plan={plan} popularBadgeHtml={popularBadgeHtml()} />,
        "/pricing",
      );
      expect(html.includes("Most Popular")).toBe(plan.popular === true);
      expect(html).toContain(`href="/pricing?package=${plan.name}#quote"`);
      for (const feature of plan.features) expect(html).toContain(feature);
    }
  });
});
