import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const tuning = path.join(import.meta.dirname, "gc-tuning.ts");

/**
 * In a fresh Node process: 512 MB of short-lived 64 KB Buffers, as Node's HTTP parser makes for
 * an upload's body, and how many full (major) collections they cost.
 */
function majorCollections(tuned: boolean): number {
  const script = `
    ${tuned ? `await import(${JSON.stringify(tuning)});` : ""}
    const { PerformanceObserver, constants } = await import("node:perf_hooks");
    let major = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major += 1;
    }).observe({ entryTypes: ["gc"] });
    const heap = [];
    for (let i = 0; i < 200000; i += 1) heap.push({ i, s: "x" + i });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = major;
    for (let i = 0; i < 8192; i += 1) {
      const piece = Buffer.allocUnsafeSlow(65536);
      piece[0] = i;
      if (i % 64 === 0) await new Promise(setImmediate);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(major - before, heap.length);
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return Number(out.split(" ")[0]);
}

describe("the garbage collector during an upload (decision 127)", () => {
  it("short-lived Buffers outside the heap no longer start a full collection every 64 MB", () => {
    // V8's default: a mark-compact each time outside memory grows by 64 MB (6–8 here).
    expect(majorCollections(false)).toBeGreaterThanOrEqual(4);
    // Counted in the heap's overall limit: the young generation frees them.
    expect(majorCollections(true)).toBeLessThanOrEqual(2);
  });
});
