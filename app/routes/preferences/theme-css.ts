import { themeStylesheet } from "~/lib/dark-css";
import { parseThemeCookie } from "~/lib/theme";
import type { Route } from "./+types/theme-css";

/**
 * The theme for a page read without JavaScript (issue 38, decision 088), linked from a
 * <noscript> in every page's head: the dark stylesheet when the `theme` cookie says dark (or
 * says nothing and the system asks for dark), nothing for light. The pages stay the same for
 * everyone (prerendered, cached); only this small answer depends on the cookie.
 */
export function loader({ request }: Route.LoaderArgs) {
  const preference = parseThemeCookie(request.headers.get("Cookie"));
  return new Response(themeStylesheet(preference, "/theme-dark.css"), {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": "private, no-cache",
      Vary: "Cookie",
    },
  });
}
