import { isRouteErrorResponse, Link } from "react-router";
import { NotFound } from "~/components/not-found";
import { Button } from "~/components/ui/button";
import { NO_PERMISSION } from "~/lib/portal-text";

/** Where the error shows: a page of its own (root, public site) or inside the portal's shell. */
type Area = "site" | "portal";

interface View {
  title: string;
  text: string;
}

/** The message a refusal carries (`throw forbidden(...)`, `throw notFound(...)`), if any. */
function messageOf(data: unknown): string | undefined {
  if (typeof data === "string" && data) return data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") {
    return data.message || undefined;
  }
  return undefined;
}

/** What to say for each status. 5xx and thrown exceptions never show their details. */
export function errorView(error: unknown): View & { status: number } {
  if (!isRouteErrorResponse(error)) {
    return {
      status: 500,
      title: "Unexpected Application Error!",
      text: "Something went wrong on our side. Please try again in a moment.",
    };
  }
  const message = messageOf(error.data);
  switch (error.status) {
    case 400:
    case 422:
      return {
        status: error.status,
        title: "That request was not valid",
        text: message ?? "Please check what you sent and try again.",
      };
    case 403:
      return { status: 403, title: "Access denied", text: message ?? NO_PERMISSION };
    case 404:
      return { status: 404, title: "Page not found", text: message ?? "Oops! Page not found" };
    // A form posted to a page without an action: React Router's 405 carries a developer's text
    // naming the route's file (as it is on the server and after hydration), never shown.
    case 405:
      return {
        status: 405,
        title: "That request was not valid",
        text: "This page does not take that request.",
      };
    default:
      return {
        status: error.status,
        title: error.status >= 500 ? "Unexpected Application Error!" : "Something went wrong",
        text:
          error.status >= 500
            ? "Something went wrong on our side. Please try again in a moment."
            : (message ?? `${error.status} ${error.statusText}`.trim()),
      };
  }
}

/**
 * The one error boundary body, rendered by the root, the public layout and the portal layout.
 * A refusal's message (`throw forbidden(...)`, `throw notFound("Lead not found")`) is shown;
 * an unexpected error shows a generic text and never its details.
 */
export function RouteError({ error, area }: { error: unknown; area: Area }) {
  const view = errorView(error);
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  // The public site's 404 keeps the spec's own page.
  if (area === "site" && view.status === 404) return <NotFound />;
  const body = (
    <div className="flex flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{view.title}</h1>
      <p
        role="alert"
        className="max-w-prose rounded-lg border border-destructive/40 bg-destructive/5 p-6"
      >
        {view.text}
      </p>
      <Button asChild variant={area === "portal" ? "outline" : "default"}>
        {area === "portal" ? (
          <Link to="/portal">Back to Dashboard</Link>
        ) : (
          <a href="/">Return to Home</a>
        )}
      </Button>
    </div>
  );
  if (area === "portal") return body;
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-[60vh] flex-col justify-center outline-none"
    >
      {body}
    </main>
  );
}
