import type { Reporter, TestModule } from "vitest/node";

/**
 * Names every test that failed and then passed on its one retry in CI (decision 150), at the end
 * of the run, so a flaky test is seen and fixed instead of hidden by the retry.
 */
export function flakyTests(testModules: ReadonlyArray<TestModule>): string[] {
  const names: string[] = [];
  for (const module of testModules) {
    for (const test of module.children.allTests()) {
      const diagnostic = test.diagnostic();
      if (diagnostic?.flaky) {
        const line = test.location ? `:${test.location.line}` : "";
        names.push(
          `${module.relativeModuleId}${line} > ${test.fullName} (failed ${diagnostic.retryCount}×, then passed)`,
        );
      }
    }
  }
  return names;
}

export default class FlakyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const names = flakyTests(testModules);
    if (names.length === 0) return;
    process.stdout.write(
      `\n\x1b[1;33m== Passed only on a retry (flaky: fix them, decision 150) ==\x1b[0m\n${names.join("\n")}\n`,
    );
  }
}
