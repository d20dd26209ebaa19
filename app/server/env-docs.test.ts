/**
 * The settings a newcomer sees agree with the ones the server reads: every setting of the schema
 * (app/server/env.server.ts) has a row in the README's configuration table and a line in
 * `.env.example`, with the same default; neither names a setting the schema does not have.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema } from "./env.server";

/** compose.yaml's own variables (docs/deploy.md), listed in .env.example but not app settings. */
const DEPLOYMENT = ["SITE_ADDRESS", "POSTGRES_PASSWORD"];
/** In the schema for the browser tests only; the README names them among the tooling variables. */
const TOOLING = ["TEST_CLOCK_FILE", "E2E_DATA_DIR"];

const readme = readFileSync("README.md", "utf8");
const example = readFileSync(".env.example", "utf8");
const siteSource = readFileSync("app/content/site.ts", "utf8");

const schemaKeys = Object.keys(envSchema.shape).filter((k) => !TOOLING.includes(k));
const defaults = envSchema.parse({}) as Record<string, unknown>;
/** A default the files can show: a number, a word, true/false (not a list, not unset). */
const shownDefault = (key: string) => {
  const value = defaults[key];
  return ["string", "number", "boolean"].includes(typeof value) ? String(value) : undefined;
};

/** The configuration table: each row's variables and their defaults, in order. */
function tableRows() {
  const section = readme.slice(readme.indexOf("## Configuration"));
  const rows = new Map<string, string>();
  for (const line of section.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const [names = "", defaultCell = ""] = line.split("|").slice(1, 3);
    const keys = [...names.matchAll(/`([A-Z0-9_*]+)`/g)].map((m) => m[1] as string);
    const values = [...defaultCell.matchAll(/`([^`]*)`/g)].map((m) => m[1] as string);
    keys.forEach((key, i) => {
      rows.set(
        key,
        keys.length > 1 && values.length === keys.length ? `\`${values[i]}\`` : defaultCell,
      );
    });
    if (line.includes("VITE_SITE_*")) break;
  }
  return rows;
}

/** `.env.example`: each variable (commented out or not) and the value it shows. */
function exampleLines() {
  const lines = new Map<string, string>();
  for (const match of example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=(.*)$/gm)) {
    lines.set(match[1] as string, match[2] as string);
  }
  return lines;
}

describe("the settings as documented", () => {
  const rows = tableRows();
  const lines = exampleLines();

  it("every setting of the schema has a README row and a .env.example line", () => {
    expect(schemaKeys.filter((k) => !rows.has(k))).toEqual([]);
    expect(schemaKeys.filter((k) => !lines.has(k))).toEqual([]);
  });

  it("the README and .env.example name no setting the schema lacks", () => {
    const known = (k: string) => schemaKeys.includes(k) || k === "VITE_SITE_*";
    expect([...rows.keys()].filter((k) => !known(k))).toEqual([]);
    expect(
      [...lines.keys()].filter(
        (k) => !k.startsWith("VITE_") && !DEPLOYMENT.includes(k) && !known(k),
      ),
    ).toEqual([]);
  });

  it("the site's build-time variables in .env.example are the ones app/content/site.ts reads", () => {
    const read = [...siteSource.matchAll(/pick\("(VITE_SITE_[A-Z_]+)"/g)].map((m) => m[1]);
    const listed = [...lines.keys()].filter((k) => k.startsWith("VITE_"));
    expect(listed.sort()).toEqual([...new Set(read)].sort());
  });

  it("each default is the schema's, in the README and in .env.example", () => {
    for (const key of schemaKeys) {
      const value = shownDefault(key);
      if (value === undefined) continue;
      expect(lines.get(key), `.env.example ${key}`).toBe(value);
      expect(rows.get(key), `README ${key}`).toContain(`\`${value}\``);
    }
  });

  it("the browser tests' own variables are named as tooling, not settings", () => {
    for (const key of TOOLING) {
      expect(rows.has(key)).toBe(false);
      expect(readme).toContain(`\`${key}\``);
    }
  });
});
