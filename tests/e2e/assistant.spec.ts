import type { Page } from "@playwright/test";
import { axe } from "./axe";
import { expect, hydrated, signInAsAdmin, test, uniqueEmail } from "./fixtures";

const log = (page: Page) => page.getByRole("log", { name: "Chat conversation" });
const input = (page: Page) => page.getByLabel("Type your message");

async function ask(page: Page, question: string) {
  await input(page).fill(question);
  await input(page).press("Enter");
}

/** The assistant's last answer in the conversation. */
const lastAnswer = (page: Page) => log(page).getByRole("listitem").last();

test.describe("the site assistant with JavaScript", () => {
  test("answers from the site with a link, loading its code only on first use", async ({
    page,
  }) => {
    const scripts: string[] = [];
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto("/demo");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(page.getByText("Automated assistant", { exact: false })).toBeVisible();
    expect(scripts.filter((s) => s.includes("demo-chat-engine"))).toEqual([]);

    await ask(page, "How much is the Growth package?");
    await expect(input(page)).toHaveValue("");
    await expect(lastAnswer(page)).toContainText("R12,500");
    await expect(
      lastAnswer(page).getByRole("link", { name: "Packages & Pricing" }),
    ).toHaveAttribute("href", "/pricing");
    expect(scripts.filter((s) => s.includes("demo-chat-engine"))).toHaveLength(1);

    // A follow-up uses the previous question.
    await ask(page, "And what does Starter include?");
    await expect(lastAnswer(page)).toContainText("1,000 conversations");
    await ask(page, "how much is it?");
    // Its answer reads like the one before it: the emptied box says this one has come.
    await expect(input(page)).toHaveValue("");
    await expect(lastAnswer(page)).toContainText("R4,500");

    // "and the Growth one?" is read in the conversation; lists keep their capitals.
    await ask(page, "and the Growth one?");
    await expect(lastAnswer(page)).toContainText("R12,500");
    await ask(page, "What does your AI service include?");
    await expect(lastAnswer(page)).toContainText("AI chatbots for your website, WhatsApp");
    await expect(lastAnswer(page)).toContainText("English, Afrikaans, isiZulu and isiXhosa");

    // Markup is shown as text.
    await ask(page, "<b>Where</b> is your office?");
    await expect(log(page).getByText("<b>Where</b> is your office?")).toBeVisible();
    await expect(lastAnswer(page)).toContainText("Strand Street");

    // An empty question gets a message, not a silent nothing.
    await ask(page, "   ");
    await expect(
      page.getByRole("alert").filter({ hasText: "Please type a question." }),
    ).toBeVisible();
    // The server answers each question (decision 139: the sentence model runs there only); the
    // empty one is refused in the browser and never sent.
    expect(posts).toHaveLength(6);
    for (const url of posts) expect(new URL(url).pathname).toMatch(/^\/demo(\.data)?$/);
  });

  test("a question sent while the assistant is still answering is sent once it has answered", async ({
    page,
  }) => {
    // The first answer is held back until the second question has been sent.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const posts: string[] = [];
    await page.route(/\/demo(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      posts.push(route.request().url());
      if (posts.length === 1) await held;
      return route.fallback();
    });
    await page.goto("/demo");
    await hydrated(page);

    await ask(page, "How much is the Growth package?");
    await expect.poll(() => posts.length).toBe(1);
    await ask(page, "And what does Starter include?");
    await expect(input(page)).toHaveValue("And what does Starter include?");
    release();

    const userTurns = log(page).getByRole("listitem").filter({ hasText: "You:" });
    await expect(userTurns).toHaveText([
      /How much is the Growth package\?/,
      /And what does Starter include\?/,
    ]);
    await expect(lastAnswer(page)).toContainText("1,000 conversations");
    await expect(input(page)).toHaveValue("");
    expect(posts).toHaveLength(2);
  });

  test("passes a question it can't answer to the team; the admin sees a 'chat' lead", async ({
    page,
    baseURL,
  }) => {
    const name = `Chat Lead ${Date.now()}`;
    await page.goto("/demo");
    await hydrated(page);
    await ask(page, "Can I pay with Bitcoin?");
    await expect(lastAnswer(page)).toContainText("I'm not sure");
    const handover = page.getByRole("form", { name: "Pass your question to our team" });
    await expect(handover.getByText("We use these details only to reply")).toBeVisible();
    await handover.getByRole("button", { name: "Send to the team" }).click();
    await expect(handover.getByText("Name is required")).toBeVisible();
    await handover.getByLabel("Name").fill(name);
    await handover.getByLabel("Email").fill(uniqueEmail("chat"));
    await handover.getByRole("button", { name: "Send to the team" }).click();
    await expect(lastAnswer(page)).toContainText("I've passed your question to our team");
    await expect(handover).toHaveCount(0);

    await signInAsAdmin(page.request, baseURL ?? "");
    await page.goto("/portal/leads?kind=chat");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByRole("cell", { name: "Chat", exact: true })).toBeVisible();
    await row.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Chat question (site assistant)")).toBeVisible();
    await expect(page.getByText("Question for the team: Can I pay with Bitcoin?")).toBeVisible();
    await expect(page.getByText("Conversation with the site assistant")).toBeVisible();
  });
});

test.describe("the site assistant without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers the form and re-renders the conversation", async ({ page }) => {
    await page.goto("/demo");
    await ask(page, "What are your office hours?");
    await expect(page).toHaveURL(/\/demo#chat$/);
    await expect(lastAnswer(page)).toContainText("Mon–Fri 08:00–17:00");
    await expect(lastAnswer(page).getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await ask(page, "<i>And</i> your phone number?");
    await expect(log(page).getByText("<i>And</i> your phone number?")).toBeVisible();
    await expect(log(page).getByRole("listitem")).toHaveCount(5);

    await ask(page, "");
    await expect(
      page.getByRole("alert").filter({ hasText: "Please type a question." }),
    ).toBeVisible();
    await expect(log(page).getByRole("listitem")).toHaveCount(5);

    await ask(page, "Do you develop mobile games?");
    await expect(lastAnswer(page)).toContainText("I'm not sure");
    const handover = page.getByRole("form", { name: "Pass your question to our team" });
    await handover.getByLabel("Name").fill("Thabo No-Script");
    await handover.getByLabel("Email").fill("not-an-email");
    await handover.getByRole("button", { name: "Send to the team" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(handover.getByLabel("Name")).toHaveValue("Thabo No-Script");
    await handover.getByLabel("Email").fill(uniqueEmail("noscript"));
    await handover.getByRole("button", { name: "Send to the team" }).click();
    await expect(lastAnswer(page)).toContainText("I've passed your question to our team");
  });
});

test("a question sent with Enter before the scripts load is answered", async ({ page }) => {
  let held = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    held++;
    // A slow phone's network: the page paints, its scripts arrive only once the question has
    // been answered (a fixed delay let them in before the question on a busy machine).
    await released;
    await route.continue().catch(() => {});
  });
  await page.goto("/demo", { waitUntil: "domcontentloaded" });
  const reactOwnsPage = () =>
    page.evaluate(() =>
      Object.keys(document.getElementById("main") ?? {}).some((k) => k.startsWith("__reactFiber$")),
    );
  await input(page).fill("Is there a setup fee?");
  expect(await reactOwnsPage(), "the page is not hydrated yet").toBe(false);
  await input(page).press("Enter");
  await expect(lastAnswer(page)).toContainText("once-off fee");
  await expect(lastAnswer(page).getByRole("link", { name: "Packages & Pricing" })).toBeVisible();
  expect(held, "scripts were held back").toBeGreaterThan(0);
  // Once the scripts arrive the conversation stays and the chat keeps working.
  release();
  await hydrated(page);
  await expect(log(page).getByRole("listitem")).toHaveCount(3);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await ask(page, "What is your e-mail address?");
  await expect(lastAnswer(page)).toContainText("@");
  await expect(log(page).getByRole("listitem")).toHaveCount(5);
});

/** Waits until no finite CSS transition or animation is running (colours are then final). */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== "running" ||
          a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}

test("/demo with an answer and the handover form passes axe in both palettes", async ({ page }) => {
  await page.goto("/demo");
  await hydrated(page);
  await ask(page, "How much is Starter?");
  await expect(lastAnswer(page)).toContainText("R4,500");
  await ask(page, "Do you sell second-hand laptops?");
  await expect(page.getByRole("form", { name: "Pass your question to our team" })).toBeVisible();
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
    await settled(page);
    const { violations } = await axe(page)
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      dark ? "dark" : "light",
    ).toEqual([]);
  }
});
