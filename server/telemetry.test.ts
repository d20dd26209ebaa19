import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startTelemetry } from "./telemetry.ts";

describe("OpenTelemetry", () => {
  it("is off, and loads nothing, without a collector", async () => {
    expect(await startTelemetry({ OTEL_SERVICE_NAME: "kopano-ai" })).toBeNull();
    // The SDK is imported only inside startTelemetry, after the setting is checked.
    for (const file of ["server.ts", "server/telemetry.ts", "server/request-log.ts"]) {
      const source = readFileSync(file, "utf8");
      expect(source, file).not.toMatch(/^import (?!type )[^;]*"@opentelemetry\//m);
    }
  });
});
