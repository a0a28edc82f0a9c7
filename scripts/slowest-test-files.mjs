// @ts-check
// A vitest reporter for `pnpm test:unit`: after the run, the ten test files that took longest (import, set-up and
// tests, as vitest times each file) and how many tests ran, so a slower suite says which file grew and a run that
// lost tests shows it in its count. Every file's start and end, in seconds from the run's start, go to
// test/.tmp/test-unit-timings.json: what ran beside what, to find where the cores idled.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const SHOWN = 10;

/** @typedef {import("vitest/node").TestModule} TestModule */

/** @param {TestModule} module */
function secondsOf(module) {
  const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = module.diagnostic();
  return (environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration) / 1000;
}

/** @implements {import("vitest/node").Reporter} */
export default class SlowestTestFiles {
  started = performance.now();
  /** When each file ended, in seconds from the run's start (it started its vitest-timed seconds before). */
  /** @type {Map<string, number>} */
  ends = new Map();

  /** @param {TestModule} module */
  onTestModuleEnd(module) {
    this.ends.set(module.moduleId, (performance.now() - this.started) / 1000);
  }

  /** @param {ReadonlyArray<TestModule>} testModules */
  onTestRunEnd(testModules) {
    const root = process.cwd();
    const slowest = [...testModules].sort((a, b) => secondsOf(b) - secondsOf(a)).slice(0, SHOWN);
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const { state } = test.result();
        counts[state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped"]++;
      }
    }
    const lines = slowest.map(
      (module) =>
        `  ${secondsOf(module).toFixed(1).padStart(6)} s  ${module.project.name}  ${path.relative(root, module.moduleId)}`,
    );
    console.log(`\nThe ${slowest.length} slowest of ${testModules.length} test files:\n${lines.join("\n")}`);
    console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    const timings = [...testModules].map((module) => {
      const end = this.ends.get(module.moduleId) ?? 0;
      const seconds = secondsOf(module);
      return { project: module.project.name, file: path.relative(root, module.moduleId), start: end - seconds, end };
    });
    mkdirSync(path.join(root, "test/.tmp"), { recursive: true });
    writeFileSync(path.join(root, "test/.tmp/test-unit-timings.json"), `${JSON.stringify(timings, null, 1)}\n`);
  }
}
