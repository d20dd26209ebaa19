/**
 * Renders the share card (public/og-image.png, 1200×630) and the square logo for structured
 * data (public/logo.png, 512×512) from HTML with Debian's Chromium. Run it after changing the
 * brand: `npm run og-image`, then commit both PNGs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { site } from "../app/content/site";
import { logoImage, ogImage } from "../app/lib/seo";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const logoSvg = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const services = ["AI Chatbots", "Workflow Automation", "Voice Agents", "Websites"];

const card = `<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { width: ${ogImage.width}px; height: ${ogImage.height}px; }
  body {
    font-family: "Liberation Sans", "DejaVu Sans", Arial, sans-serif;
    color: #fff; overflow: hidden; position: relative;
    background: radial-gradient(circle at 85% 15%, #4a5be0 0, transparent 45%),
      linear-gradient(135deg, #2f3fb4 0%, #1d2878 100%);
    padding: 72px 80px 84px; display: flex; flex-direction: column;
  }
  .ring { position: absolute; border-radius: 50%; border: 2px solid rgba(255,255,255,0.10); }
  .brand { display: flex; align-items: center; gap: 24px; }
  .brand svg { width: 88px; height: 88px; border-radius: 20px;
    box-shadow: 0 0 0 3px rgba(255,255,255,0.9); }
  .brand span { font-size: 52px; font-weight: 700; letter-spacing: -0.5px; }
  h1 { margin-top: 64px; font-size: 68px; line-height: 1.08; font-weight: 700;
    letter-spacing: -1.5px; max-width: 900px; }
  .tagline { margin-top: 24px; font-size: 34px; color: #dfe3ff; }
  .services { margin-top: auto; display: flex; gap: 14px; }
  .services li { list-style: none; font-size: 24px; font-weight: 700; padding: 10px 22px;
    border-radius: 999px; background: rgba(255,255,255,0.12);
    border: 1.5px solid rgba(255,255,255,0.28); }
  .accent { position: absolute; left: 80px; right: 80px; bottom: 0; height: 10px;
    background: #f5b342; border-radius: 10px 10px 0 0; }
</style></head><body>
  <div class="ring" style="width:520px;height:520px;right:-140px;top:-170px"></div>
  <div class="ring" style="width:340px;height:340px;right:-50px;top:-80px"></div>
  <div class="brand">${logoSvg}<span>${escapeHtml(site.name)}</span></div>
  <h1>Transform Your Business with AI &amp; Automation</h1>
  <p class="tagline">${escapeHtml(site.tagline)}</p>
  <ul class="services">${services.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>
  <div class="accent"></div>
</body></html>`;

const logo = `<!doctype html>
<html><head><style>
  html, body { margin: 0; width: ${logoImage.width}px; height: ${logoImage.height}px;
    background: transparent; }
  svg { display: block; width: 100%; height: 100%; }
</style></head><body>${logoSvg}</body></html>`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const page = await browser.newPage({
    viewport: { width: ogImage.width, height: ogImage.height },
  });
  await page.setContent(card);
  const cardPath = path.join(publicDir, "og-image.png");
  await page.screenshot({ path: cardPath, type: "png" });
  console.log(`wrote ${path.relative(root, cardPath)} (${ogImage.width}×${ogImage.height})`);

  await page.setViewportSize({ width: logoImage.width, height: logoImage.height });
  await page.setContent(logo);
  const logoPath = path.join(publicDir, "logo.png");
  await page.screenshot({ path: logoPath, type: "png", omitBackground: true });
  console.log(`wrote ${path.relative(root, logoPath)} (${logoImage.width}×${logoImage.height})`);
} finally {
  await browser.close();
}
