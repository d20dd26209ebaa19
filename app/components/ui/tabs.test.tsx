/**
 * The tabs' markup (the keys are exercised in tests/e2e/keyboard.spec.ts): tab and panel point
 * at each other, only the selected tab is in the tab order, only its panel is rendered.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function markup(value: string) {
  return renderToStaticMarkup(
    <Tabs value={value}>
      <TabsList>
        <TabsTrigger value="signin">Sign In</TabsTrigger>
        <TabsTrigger value="signup">Sign Up</TabsTrigger>
      </TabsList>
      <TabsContent value="signin">first form</TabsContent>
      <TabsContent value="signup">second form</TabsContent>
    </Tabs>,
  );
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

describe("Tabs", () => {
  it("labels the selected panel with its tab and renders no other panel", () => {
    const html = markup("signup");
    expect(html).toContain('role="tablist"');
    const tabs = html.match(/<button[^>]*role="tab"[^>]*>/g) ?? [];
    expect(tabs).toHaveLength(2);
    const [signIn, signUp] = tabs as [string, string];
    expect(attr(signIn, "aria-selected")).toBe("false");
    expect(attr(signIn, "tabindex")).toBe("-1");
    expect(attr(signUp, "aria-selected")).toBe("true");
    expect(attr(signUp, "tabindex")).toBe("0");
    const panel = html.match(/<div[^>]*role="tabpanel"[^>]*>/g) ?? [];
    expect(panel).toHaveLength(1);
    expect(attr(panel[0] as string, "aria-labelledby")).toBe(attr(signUp, "id"));
    expect(attr(signUp, "aria-controls")).toBe(attr(panel[0] as string, "id"));
    expect(html).toContain("second form");
    expect(html).not.toContain("first form");
  });
});
