import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * An axe run in the page itself (axe.run). The default runs axe.runPartial in each frame, then
 * opens a new blank page to inject axe-core's source again and finish there: about twice the
 * time per run (measured: 5.0–19.6 s against 2.4–10.3 s on the same public pages, load 10–25),
 * and the journeys run axe some 150 times. What it loses is cross-origin frames, whose content
 * is not ours: the only one is the OpenStreetMap embed, which has no network in the tests.
 */
export function axe(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** Waits until no finite CSS transition or animation is running (colours are then final). */
async function settled(page: Page) {
  // A toast just added has not started its fade-in yet (sonner marks it mounted a frame later).
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every(
      (toast) => toast.getAttribute("data-mounted") === "true",
    ),
  );
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

/**
 * Runs axe in the light and the dark palette and fails with a readable list of violations.
 * `skipRules` is for states where a best-practice rule cannot apply (say why at the call).
 */
export async function expectNoAxeViolations(page: Page, label: string, skipRules: string[] = []) {
  const backgrounds = new Set<string>();
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
    await settled(page);
    backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    const { violations } = await axe(page).withTags(TAGS).disableRules(skipRules).analyze();
    const found = violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`)
          .join("\n")}`,
    );
    expect(found, `${label} (${dark ? "dark" : "light"})`).toEqual([]);
  }
  expect(backgrounds.size, "the dark palette applies").toBe(2);
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}
