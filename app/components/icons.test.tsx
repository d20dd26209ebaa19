/**
 * The portal's icons (decision 030) draw what lucide-react draws: the same shapes, viewBox and
 * lucide class names, lucide's rule for hiding them from assistive technology, and, in app.css,
 * lucide's size and stroke for the `icon` class.
 */
import { readFileSync } from "node:fs";
import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "./icons";

const drawnIcons = Object.entries(icons).filter(
  (entry): entry is [string, icons.Icon] => typeof entry[1] === "function" && entry[0] !== "drawn",
);

/** An svg's opening tag's attributes, and what is inside it. */
function parts(markup: string) {
  const match = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(markup);
  if (!match) throw new Error(`not one svg: ${markup}`);
  const attributes = Object.fromEntries(
    [...(match[1] as string).matchAll(/ ([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return { attributes, inside: match[2] };
}

describe("the portal's icons", () => {
  it.each(drawnIcons)("%s draws lucide's shapes, viewBox and class names", (name, Drawn) => {
    const Lucide = (lucide as unknown as Record<string, lucide.LucideIcon>)[name];
    if (!Lucide) throw new Error(`lucide-react has no ${name}`);
    const ours = parts(renderToStaticMarkup(<Drawn className="size-4 text-primary" />));
    const theirs = parts(renderToStaticMarkup(<Lucide className="size-4 text-primary" />));
    expect(ours.inside).toBe(theirs.inside);
    expect(ours.attributes.viewBox).toBe(theirs.attributes.viewBox);
    expect(ours.attributes.class).toBe(
      (theirs.attributes.class as string).replace(/^lucide /, "icon "),
    );
    expect(ours.attributes["aria-hidden"]).toBe(theirs.attributes["aria-hidden"]);
  });

  it("is hidden from assistive technology unless labelled, as lucide's are", () => {
    const { Mail } = icons;
    expect(renderToStaticMarkup(<Mail />)).toContain('aria-hidden="true"');
    const labelled = renderToStaticMarkup(<Mail role="img" aria-label="Messages" />);
    expect(labelled).not.toContain("aria-hidden");
    expect(labelled).toContain('aria-label="Messages"');
    expect(renderToStaticMarkup(<Mail aria-hidden />)).toContain('aria-hidden="true"');
  });

  it("gets lucide's own attributes from the `icon` rule in app.css, below every utility", () => {
    const { attributes } = parts(renderToStaticMarkup(<lucide.Mail />));
    const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
    const base = css.slice(css.indexOf("@layer base {"));
    const rule = /svg\.icon \{([^}]*)\}/.exec(base)?.[1] ?? "";
    const declared = Object.fromEntries(
      [...rule.matchAll(/([\w-]+): ([^;]+);/g)].map((m) => [m[1], m[2]]),
    );
    expect(declared).toEqual({
      width: `${attributes.width}px`,
      height: `${attributes.height}px`,
      fill: attributes.fill,
      stroke: attributes.stroke,
      "stroke-width": attributes["stroke-width"],
      "stroke-linecap": attributes["stroke-linecap"],
      "stroke-linejoin": attributes["stroke-linejoin"],
    });
  });
});
