/**
 * The deployment recipe (Dockerfile, compose.yaml, deploy/Caddyfile; docs/deploy.md) stays in
 * step with the app where no container runs: the settings it passes exist, the variables it
 * asks for are in .env.example, the proxy names the instances compose starts, and the image
 * keeps its promises (production dependencies only, non-root, health check on /readyz).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema } from "~/server/env.server";

const compose = readFileSync("compose.yaml", "utf8");
const dockerfile = readFileSync("Dockerfile", "utf8");
const caddyfile = readFileSync("deploy/Caddyfile", "utf8");
const example = readFileSync(".env.example", "utf8");

describe("the deployment recipe", () => {
  it("passes the app only settings it has", () => {
    const block = compose.slice(
      compose.indexOf("environment: &app-env"),
      compose.indexOf("depends_on:", compose.indexOf("environment: &app-env")),
    );
    const keys = [...block.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] as string);
    expect(keys).toContain("DATABASE_URL");
    const known = Object.keys(envSchema.shape);
    expect(keys.filter((k) => k !== "ENV_FILE" && !known.includes(k))).toEqual([]);
  });

  it("asks only for variables .env.example lists", () => {
    const asked = new Set([...compose.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1] as string));
    const listed = [...asked].filter((k) => !new RegExp(`^#? ?${k}=`, "m").test(example));
    expect(listed).toEqual([]);
  });

  it("runs two instances, PostgreSQL and the proxy in front of both", () => {
    for (const service of ["postgres", "app1", "app2", "proxy"]) {
      expect(compose).toMatch(new RegExp(`^ {2}${service}:`, "m"));
    }
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(caddyfile).toMatch(/flush_interval -1/);
  });

  it("builds an image with production dependencies only, non-root, checked on /readyz", () => {
    expect(dockerfile).toContain("npm ci --omit=dev");
    // Previews (decision 093): sharp's platform binary (an optional dependency) and pdftoppm.
    expect(dockerfile).not.toContain("--omit=optional");
    expect(dockerfile.slice(dockerfile.indexOf("AS app"))).toContain("poppler-utils");
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/readyz/);
  });
});
