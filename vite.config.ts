import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { assistantIndex } from "./scripts/lib/assistant-index-plugin";
import { wholeLibraryCheck } from "./scripts/lib/whole-library-check";

/**
 * Client chunks (docs/decisions/010-paint-before-hydration.md): React DOM in one `react-dom`
 * chunk, React and React Router with the UI every page draws (buttons, cards, logo, theme) in
 * one `framework` chunk, and the public site's shell (header, footer, sections, content every
 * public page shows) in one `site` chunk, instead of ~30 small shared chunks, each a request and
 * each compressed alone. React DOM is a chunk of its own so that no one module takes long to run
 * the first time (decision 031: 345 KB ran in one task of 25–45 ms under Lighthouse's trace).
 * Only modules every page needs belong in `framework`, and only modules every public page needs
 * in `site`: whatever is listed there is loaded by the home page. `FormResult` (a few hundred
 * bytes) is with the UI so that a page whose only form part it is (the booking page) does not
 * load `forms`.
 */
const REACT_DOM = /node_modules[\\/](react-dom|scheduler)[\\/]/;
const FRAMEWORK = /node_modules[\\/](react|react-router)[\\/]|app[\\/]lib[\\/]hydration-mark\./;
/**
 * The UI every page draws, public or not: what the root and its error page need (the theme
 * toggle's hook, `NotFound`, `route-error`: a file of its own was one more request on every
 * page, decision 130) and the sign-in page's shell (logo, card, toaster, button, form
 * result). It goes in `framework`, so that `/auth` loads it without the public site's shell
 * (decision 121: 113.0 → 10x KB); a chunk of its own cost every public page 0.6 KB.
 */
const UI_MODULES = [
  "app/components/marketing/logo\\.",
  "app/components/ui/(button|card|lazy-toaster|form-result)\\.",
  "app/components/(theme-toggle|not-found|route-error)\\.",
  "app/content/site\\.",
  "app/lib/(utils|theme|notify)\\.",
  "node_modules/(clsx|class-variance-authority)/",
  "node_modules/lucide-react/dist/esm/(?!icons/)",
];
/** The public site's shell: header, footer, sections, the content every public page shows. */
const SITE_MODULES = [
  "app/components/marketing/(site-header|site-footer|section|cta-section|service-card|whatsapp-button)\\.",
  "app/components/(navigation-progress|json-ld)\\.",
  "app/content/(services|navigation)\\.",
  "app/lib/seo\\.",
];
/** One pattern matching any of the modules listed (paths written with `/`). */
const group = (modules: string[]) =>
  new RegExp(modules.map((m) => `(${m.replaceAll("/", "[\\\\/]")})`).join("|"));
const UI = group(UI_MODULES);
const SITE = group(SITE_MODULES);
/**
 * A form's parts, one chunk instead of a dozen of 0.3–1.5 KB (each compressed alone, each a
 * request): the fields every form page uses (public, sign-in and portal), and the public lead
 * forms' own parts (issue 38: first-load JavaScript of every public route ≤ 110 KB).
 */
const FORMS = group([
  "app/components/ui/(field|input|textarea|checkbox|native-select|label)\\.",
  "app/hooks/use-form-outcome\\.",
  "app/components/marketing/marketing-opt-in\\.",
  "app/lib/validation/(privacy-values|first-issue)\\.",
  "node_modules/@radix-ui/react-(slot|compose-refs|primitive)/",
]);
/** The lead forms' texts: the routes' `clientAction` needs them, not the forms' own chunks. */
const LEAD_FORM_TEXT = group(["app/lib/validation/lead-form-result\\."]);
/**
 * The questions' list and its chevron, which the pages that show one (`/pricing`, a service's
 * page) always load together: one file instead of two (decision 140).
 */
const FAQ = group([
  "app/components/marketing/faq-list\\.",
  "node_modules/lucide-react/dist/esm/icons/chevron-down\\.",
]);
/**
 * What the sign-in page draws besides the forms, and what it shares with the portal (the portal's
 * paths, the key icon): one file instead of five on `/auth` (decision 140). The portal's pages
 * load the sign-in page's few parts (~0.7 KB) with it.
 */
const ACCOUNT = group([
  "app/components/auth/(auth-shell|new-account)\\.",
  "app/lib/portal-paths\\.",
  "app/lib/validation/account-values\\.",
  "node_modules/lucide-react/dist/esm/icons/key-round\\.",
]);
const LEAD_FORMS = group(["app/components/marketing/form-field\\.", "app/content/contact\\."]);
/** Not `LEAD_FORM_TEXT`: the routes' `clientAction` needs it, the forms load on first use. */
const LEAD_FORM_HOOK = group(["app/components/marketing/use-lead-form\\."]);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), assistantIndex(import.meta.dirname), wholeLibraryCheck()],
  resolve: { tsconfigPaths: true },
  build: isSsrBuild
    ? {}
    : {
        // `SOURCEMAP=1 npm run build`: source maps, to read a browser profile of the build.
        sourcemap: process.env.SOURCEMAP === "1",
        rolldownOptions: {
          treeshake: {
            moduleSideEffects: [
              { test: /app[\\/]lib[\\/]validation[\\/](?!zod\.ts)/, sideEffects: false },
            ],
          },
          output: {
            codeSplitting: {
              groups: [
                { name: "react-dom", test: REACT_DOM },
                { name: "framework", test: new RegExp(`${FRAMEWORK.source}|${UI.source}`) },
                { name: "site", test: SITE },
                { name: "forms", test: FORMS },
                { name: "lead-form-text", test: LEAD_FORM_TEXT },
                { name: "faq", test: FAQ },
                { name: "account", test: ACCOUNT },
                { name: "lead-forms", test: LEAD_FORMS },
                { name: "lead-form-hook", test: LEAD_FORM_HOOK },
              ],
            },
          },
        },
      },
}));
