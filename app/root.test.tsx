import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

describe("root error boundary", () => {
  it("shows 'Unexpected Application Error!' for an unexpected error, without its details", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const Boundary = ErrorBoundary as unknown as (props: { error: unknown }) => React.ReactElement;
    const html = renderToString(<Boundary error={new Error("database password leaked")} />);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Return to Home");
    expect(html).not.toContain("database password leaked");
    expect(logged).toHaveBeenCalled();
  });
});
