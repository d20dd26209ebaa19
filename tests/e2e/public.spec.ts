import { expect, test } from "@playwright/test";
import { site } from "../../app/content/site";
import { todayInSouthAfrica } from "../../app/lib/dates";
import { collectConsoleErrors, hydrated } from "./fixtures";

const pages = [
  { path: "/", h1: "Transform Your Business with AI & Automation" },
  { path: "/services", h1: "Our Services" },
  { path: "/services/ai", h1: "AI Services" },
  { path: "/services/automations", h1: "Automations" },
  { path: "/services/voice-agents", h1: "Voice Agents" },
  { path: "/services/websites", h1: "Website Development" },
  { path: "/solutions", h1: "Industry Solutions" },
  { path: "/pricing", h1: "Packages & Pricing" },
  { path: "/case-studies", h1: "Case Studies" },
  { path: "/case-studies/retail-automation", h1: "Retail Automation" },
  { path: "/case-studies/customer-service-transformation", h1: "Customer Service Transformation" },
  { path: "/case-studies/healthcare-appointment-system", h1: "Healthcare Appointment System" },
  { path: "/case-studies/ecommerce-overhaul", h1: "E-commerce Overhaul" },
  { path: "/demo", h1: "Try Our AI Demo" },
  { path: "/about", h1: "About Us" },
  { path: "/contact", h1: "Contact Us" },
  { path: "/legal/privacy", h1: "Privacy Policy" },
  { path: "/legal/terms", h1: "Terms of Service" },
  { path: "/legal/cookies", h1: "Cookie Policy" },
];

test.describe("every public page", () => {
  for (const { path, h1 } of pages) {
    test(`${path} has one h1 inside main#main and hydrates cleanly`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("main#main")).toHaveCount(1);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("main#main h1")).toHaveText(h1);
      await hydrated(page);
      expect(errors).toEqual([]);
    });
  }

  test("titles, descriptions and canonical URLs are unique per page", async ({ page }) => {
    test.setTimeout(120_000);
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path } of pages) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      titles.add(await page.title());
      descriptions.add(
        (await page.locator('meta[name="description"]').getAttribute("content")) ?? "",
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path === "/" ? "/" : path}$`),
      );
    }
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });

  test("images have width, height and alt text", async ({ page }) => {
    for (const path of ["/case-studies", "/case-studies/ecommerce-overhaul"]) {
      await page.goto(path);
      const images = page.locator("main img");
      expect(await images.count()).toBeGreaterThan(0);
      for (const img of await images.all()) {
        await expect(img).toHaveAttribute("width", /^\d+$/);
        await expect(img).toHaveAttribute("height", /^\d+$/);
        await expect(img).toHaveAttribute("alt", /.+/);
      }
    }
  });
});

test.describe("unknown detail pages are real 404s", () => {
  for (const path of ["/services/blockchain", "/case-studies/nope", "/legal/nope"]) {
    test(path, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
      await expect(page).toHaveTitle("Page not found");
    });
  }
});

test.describe("services", () => {
  test("lists four services with features and a Learn More link each", async ({ page }) => {
    await page.goto("/services");
    const main = page.getByRole("main");
    for (const [title, href] of [
      ["AI Services", "/services/ai"],
      ["Automations", "/services/automations"],
      ["Voice Agents", "/services/voice-agents"],
      ["Website Development", "/services/websites"],
    ] as const) {
      await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
      await expect(main.getByRole("link", { name: `Learn More about ${title}` })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(main.getByText("Trained on your own products, policies and FAQs")).toBeVisible();
  });

  test("Learn More opens the detail page with outcomes, process, FAQs and a demo CTA", async ({
    page,
  }) => {
    await page.goto("/services");
    await hydrated(page);
    await page.getByRole("link", { name: "Learn More about Voice Agents" }).click();
    await expect(page).toHaveURL(/\/services\/voice-agents$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Voice Agents");
    await expect(main.getByText("Never miss a call again")).toBeVisible();
    await expect(main.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
    const answer = main.getByText("Always. The agent transfers the call");
    await expect(answer).toBeHidden();
    await main.getByText("Can callers speak to a person?").click();
    await expect(answer).toBeVisible();
    await expect(main.getByRole("link", { name: "Book a Demo" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test.describe("solutions", () => {
  const industries = [
    "Retail & E-commerce",
    "Financial Services",
    "Healthcare",
    "Education",
    "Professional Services",
    "Real Estate",
  ];

  test("shows six industries, each with three use cases and a Learn More link", async ({
    page,
  }) => {
    await page.goto("/solutions");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toContainText([
      ...industries,
      "Don't See Your Industry?",
    ]);
    for (const industry of industries) {
      const card = main.getByRole("article", { name: industry });
      await expect(card.getByRole("heading", { name: industry })).toBeVisible();
      await expect(card.getByRole("listitem")).toHaveCount(3);
      await expect(
        card.getByRole("link", { name: `Learn More about AI for ${industry}` }),
      ).toHaveAttribute("href", "/contact");
    }
  });

  test("invites other industries to get in touch", async ({ page }) => {
    await page.goto("/solutions");
    const block = page.getByRole("region", { name: "Don't See Your Industry?" });
    await expect(block.getByRole("heading", { name: "Don't See Your Industry?" })).toBeVisible();
    await expect(block.getByRole("link")).toHaveAttribute("href", "/contact");
  });
});

test.describe("pricing", () => {
  const plans = {
    Starter: [
      "Basic AI chatbot",
      "Up to 1,000 conversations per month",
      "Email support",
      "1 workflow automation",
      "Basic analytics",
    ],
    Growth: [
      "Advanced chatbot",
      "Up to 10,000 conversations per month",
      "Priority support",
      "5 workflow automations",
      "Advanced analytics",
      "Voice agent integration",
      "Custom integrations",
    ],
    Enterprise: [
      "Custom AI solutions",
      "Unlimited conversations",
      "24/7 dedicated support",
      "Unlimited automations",
      "Enterprise analytics",
      "Multiple voice agents",
      "Dedicated account manager",
      "Custom development",
      "On-premise deployment option",
    ],
  };

  test("shows three plans with the spec's features in order; Growth is Most Popular", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const main = page.getByRole("main");
    for (const [name, features] of Object.entries(plans)) {
      const card = main.getByRole("article", { name });
      await expect(
        card.getByRole("list", { name: `${name} features` }).getByRole("listitem"),
      ).toHaveText(features);
      await expect(card.getByText("Most Popular")).toHaveCount(name === "Growth" ? 1 : 0);
      await expect(card.getByRole("link", { name: `Get Started with ${name}` })).toBeVisible();
    }
    await expect(main.getByText("Most Popular")).toBeVisible();
  });

  test("Get Started selects that package in the quote form", async ({ page }) => {
    await page.goto("/pricing");
    await hydrated(page);
    const select = page.getByLabel("Package", { exact: true });
    await expect(select).toHaveValue("");
    await page.getByRole("link", { name: "Get Started with Enterprise" }).click();
    await expect(page).toHaveURL(/\?package=Enterprise#quote$/);
    await expect(select).toHaveValue("Enterprise");
    await expect(select).toBeFocused();
    await page.getByRole("link", { name: "Get Started with Growth" }).click();
    await expect(select).toHaveValue("Growth");
    await select.selectOption("Starter");
    await page.getByRole("link", { name: "Get Started with Growth" }).click();
    await expect(select).toHaveValue("Growth");
  });

  test("a link with ?package= preselects the package on load", async ({ page }) => {
    await page.goto("/pricing?package=Starter#quote");
    await expect(page.getByLabel("Package", { exact: true })).toHaveValue("Starter");
  });

  test("the quote form has every field, labelled, with sensible date limits", async ({ page }) => {
    await page.goto("/pricing");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: "Request a Custom Quote" })).toHaveId(
      "quote",
    );
    const form = main.getByRole("form", { name: "Request a custom quote" });
    await expect(form.getByLabel("Package", { exact: true })).toHaveJSProperty("tagName", "SELECT");
    await expect(form.getByLabel("Package", { exact: true }).locator("option")).toHaveText([
      "Select a package",
      "Starter",
      "Growth",
      "Enterprise",
    ]);
    for (const [label, name] of [
      ["Name", "name"],
      ["Email", "email"],
      ["Phone", "phone"],
      ["Address", "address"],
      ["Project Start Date", "startDate"],
      ["Project Finish Date", "finishDate"],
      ["Message", "message"],
    ] as const) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute("name", name);
    }
    const start = form.getByLabel("Project Start Date");
    const finish = form.getByLabel("Project Finish Date");
    await expect(start).toHaveAttribute("type", "date");
    // The first day is South Africa's today, as the server checks it, wherever the visitor is
    // (the day differs from UTC's between 22:00 and 24:00 UTC).
    const today = todayInSouthAfrica();
    // The dates follow the clock, so the (prerendered) form sets them once its code is in: on
    // its first use, as when a visitor opens the calendar (decision 113).
    await start.focus();
    await expect(start).toHaveAttribute("min", today);
    await start.fill("2031-03-31");
    await expect(finish).toHaveAttribute("min", "2031-04-01");
    await expect(
      form.getByText("We use these details only to prepare and send your quote"),
    ).toBeVisible();
    await expect(form.getByRole("link", { name: "Read our Privacy Policy" })).toHaveAttribute(
      "href",
      "/legal/privacy",
    );
    await expect(form.getByRole("button", { name: "Request Quote" })).toHaveAttribute(
      "type",
      "submit",
    );
  });
});

test.describe("case studies", () => {
  const studies = [
    "Retail Automation",
    "Customer Service Transformation",
    "Healthcare Appointment System",
    "E-commerce Overhaul",
  ];

  test("shows four case studies with client, industry, challenge, solution, results and image", async ({
    page,
  }) => {
    await page.goto("/case-studies");
    const main = page.getByRole("main");
    for (const title of studies) {
      const study = main.getByRole("article", { name: title });
      await expect(study.getByRole("heading", { level: 2, name: title })).toBeVisible();
      await expect(study.getByText("Client", { exact: true })).toBeVisible();
      await expect(study.getByText("Industry", { exact: true })).toBeVisible();
      await expect(study.getByRole("heading", { name: "The Challenge" })).toBeVisible();
      await expect(study.getByRole("heading", { name: "Our Solution" })).toBeVisible();
      await expect(study.getByRole("heading", { name: "Results" })).toBeVisible();
      const results = await study.getByRole("listitem").count();
      expect(results).toBeGreaterThanOrEqual(3);
      expect(results).toBeLessThanOrEqual(4);
      await expect(study.getByRole("img")).toHaveAttribute("alt", /.+/);
      await expect(study.getByRole("link", { name: /^View Full Case Study/ })).toBeVisible();
    }
    await expect(main.getByText("Mzansi Home & Hardware")).toBeVisible();
    await expect(main.getByRole("link", { name: "Book a Demo" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  test("only the first image loads eagerly", async ({ page }) => {
    await page.goto("/case-studies");
    const images = page.getByRole("main").locator("img");
    await expect(images).toHaveCount(4);
    await expect(images.first()).toHaveAttribute("loading", "eager");
    for (const img of (await images.all()).slice(1)) {
      await expect(img).toHaveAttribute("loading", "lazy");
    }
  });

  test("View Full Case Study opens the full story", async ({ page }) => {
    await page.goto("/case-studies");
    await hydrated(page);
    await page
      .getByRole("link", { name: /^View Full Case Study\W+Healthcare Appointment System$/ })
      .click();
    await expect(page).toHaveURL(/\/case-studies\/healthcare-appointment-system$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "Healthcare Appointment System",
    );
    for (const heading of ["Background", "The Challenge", "Our Approach", "The Results"]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(main.locator("blockquote")).toBeVisible();
    await expect(main.getByText("Protea Family Medical Centre").first()).toBeVisible();
  });
});

test.describe("demo", () => {
  test("the chatbot sends on Enter, clears the input and the server answers in the page", async ({
    page,
  }) => {
    await page.goto("/demo");
    await hydrated(page);
    await page.waitForLoadState("networkidle");

    const log = page.getByRole("log", { name: "Chat conversation" });
    await expect(log).toHaveAttribute("aria-live", "polite");
    const messages = log.getByRole("listitem");
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText("demo assistant");
    await expect(page.getByText(/^Automated assistant/)).toBeVisible();

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(`${request.method()} ${request.url()}`);
    });

    const input = page.getByLabel("Type your message");
    const send = page.getByRole("button", { name: "Send message" });

    await input.fill("   ");
    await input.press("Enter");
    await expect(page.getByText("Please type a question.")).toBeVisible();
    await expect(messages).toHaveCount(1);

    await input.fill("Can you answer our customers after hours?");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(messages.nth(1)).toContainText("Can you answer our customers after hours?");
    await expect(messages).toHaveCount(3);

    await input.fill("What services do you offer?");
    await send.click();
    await expect(input).toHaveValue("");
    await expect(messages).toHaveCount(5);
    await expect(messages.nth(4).getByRole("link", { name: "Our Services" })).toHaveAttribute(
      "href",
      "/services",
    );

    // Decision 139: each question goes to the /demo action (the assistant's sentence model
    // runs on the server only); the empty one is refused in the browser and never sent.
    expect(posts).toHaveLength(2);
    for (const post of posts) expect(post).toMatch(/^POST .*\/demo(\.data)?(\?.*)?$/);
  });

  test("the voice agent panel shows the demo line, 24/7 availability and a demo button", async ({
    page,
  }) => {
    await page.goto("/demo");
    await hydrated(page);
    const panel = page.getByRole("region", { name: "Voice Agent" });
    await expect(panel.getByRole("heading", { name: "Voice Agent" })).toBeVisible();
    await expect(panel.getByRole("link", { name: site.phone })).toHaveAttribute(
      "href",
      `tel:${site.phoneE164}`,
    );
    await expect(panel.getByText("Available 24/7")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Schedule Voice Demo" })).toHaveAttribute(
      "href",
      "/book/voice-demo",
    );
    await expect(
      page.getByRole("main").getByRole("link", { name: "Book a Personalized Demo" }),
    ).toHaveAttribute("href", "/contact");
  });
});

test.describe("about", () => {
  test("shows the mission, stats, values and calls to action", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    for (const [value, label] of [
      ["500+", "Projects Delivered"],
      ["98%", "Client Satisfaction"],
      ["24/7", "Support"],
    ] as const) {
      await expect(main.getByText(value, { exact: true })).toBeVisible();
      await expect(main.getByText(label, { exact: true })).toBeVisible();
    }
    for (const value of ["Innovation First", "Client Success", "Excellence", "Growth Mindset"]) {
      await expect(main.getByRole("heading", { level: 3, name: value })).toBeVisible();
    }
    await expect(main.getByRole("link", { name: "Book a Demo" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(main.getByRole("link", { name: "View Case Studies" })).toHaveAttribute(
      "href",
      "/case-studies",
    );
  });
});

test.describe("contact", () => {
  test("shows contact details, the demo block and the message form", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: site.phone })).toHaveAttribute(
      "href",
      `tel:${site.phoneE164}`,
    );
    await expect(main.getByRole("link", { name: site.email })).toHaveAttribute(
      "href",
      `mailto:${site.email}`,
    );
    await expect(main.getByText(site.address.street).first()).toBeVisible();
    await expect(main.getByText(site.hours)).toBeVisible();

    await expect(main.getByRole("heading", { name: "Schedule a Demo" })).toBeVisible();
    await expect(main.getByText("30-minute consultation", { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Book Calendly Meeting" })).toHaveAttribute(
      "href",
      "/book/consultation",
    );

    const form = main.getByRole("form", { name: "Send us a message" });
    for (const [label, name] of [
      ["Name", "name"],
      ["Email", "email"],
      ["Phone (optional)", "phone"],
      ["Company (optional)", "company"],
      ["Message", "message"],
    ] as const) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute("name", name);
    }
    await expect(form.getByRole("link", { name: "Read our Privacy Policy" })).toHaveAttribute(
      "href",
      "/legal/privacy",
    );
    await expect(form.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("the Find Us map loads from OpenStreetMap only when asked", async ({ page }) => {
    const mapRequests: string[] = [];
    await page.route("https://*.openstreetmap.org/**", (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title>" });
    });
    await page.goto("/contact");
    await hydrated(page);
    const section = page.getByRole("region", { name: "Find Us" });
    await expect(section.getByRole("heading", { level: 2, name: "Find Us" })).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(mapRequests).toEqual([]);

    await section.getByRole("button", { name: "Show map" }).click();
    const map = page.locator('iframe[title="Find Us – map"]');
    await expect(map).toHaveAttribute(
      "src",
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.+&layer=mapnik&marker=/,
    );
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
  });
});

test.describe("legal", () => {
  test("the privacy policy covers POPIA and names the Information Officer", async ({ page }) => {
    await page.goto("/legal/privacy");
    const main = page.getByRole("main");
    await expect(main.getByText(/^Last updated:/)).toBeVisible();
    // Named, or the name clearly marked as one the business must still supply (issue 18).
    await expect(
      main.getByText(/Our Information Officer is (\[to be confirmed\]|[A-Z])/),
    ).toBeVisible();
    await expect(main.getByText(/Information Regulator/).first()).toBeVisible();
    await expect(main.getByText(/Protection of Personal Information Act/).first()).toBeVisible();
  });

  test("the cookie policy lists only essential cookies", async ({ page }) => {
    await page.goto("/legal/cookies");
    const table = page.getByRole("table", { name: "Cookies we set" });
    await expect(table.getByRole("rowheader")).toHaveText(["Session", "Sidebar state", "Theme"]);
    await expect(
      page
        .getByRole("main")
        .getByText(/no tracking/)
        .first(),
    ).toBeVisible();
  });

  test("the terms carry the ECT Act details", async ({ page }) => {
    await page.goto("/legal/terms");
    const main = page.getByRole("main");
    await expect(main.getByText(/^Last updated:/)).toBeVisible();
    await expect(
      main.getByText(/Electronic Communications and Transactions Act/).first(),
    ).toBeVisible();
  });
});
