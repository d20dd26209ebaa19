import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CookieToastText } from "./cookie-toast-text";

describe("CookieToastText", () => {
  it("is the server's text of a redirect's toast: a status, or an alert for an error", () => {
    const saved = renderToString(
      <CookieToastText
        toast={{ type: "success", title: "Success", description: "Proposal saved as a draft" }}
      />,
    );
    expect(saved).toContain('role="status"');
    expect(saved).toContain("Proposal saved as a draft");
    expect(saved).not.toContain("Success");
    const titleOnly = renderToString(
      <CookieToastText toast={{ type: "success", title: "Viewing as Acme" }} />,
    );
    expect(titleOnly).toContain("Viewing as Acme");
    const error = renderToString(
      <CookieToastText toast={{ type: "error", title: "Error", description: "Upload failed" }} />,
    );
    expect(error).toContain('role="alert"');
    expect(error).toContain("Upload failed");
  });

  it("renders nothing without a toast, or for one the page says in place", () => {
    expect(renderToString(<CookieToastText toast={null} />)).toBe("");
    const inPage = { type: "success", title: "Success", description: "On", inPage: true } as const;
    expect(renderToString(<CookieToastText toast={inPage} />)).toBe("");
  });
});
