// @ts-check
// vitest's order of test files, with the long ones first: vitest queues the projects by name and, on a machine with no
// timings of an earlier run (a fresh clone: CI), the files of a project by size, so the verifier's seed sweeps and
// process tests (the last projects by name, a minute each) started last and ran on alone while the other workers
// idled. Files that wait on Chromium, child processes or installs, or sweep seeds, start first instead. Only files of
// projects that isolate each file move: the files of a project that shares one module graph (`isolate: false`) stay
// together, so that its workers are reused.
import { BaseSequencer } from "vitest/node";

/** File names of the long-running kinds: in the browser, with child processes or installs, or sweeping seeds. */
const LONG = /\.(e2e|browser|process)\.test\.ts$|seeds-\d|packed|tarball|older-adapters|storybook/;

export default class SlowFilesFirst extends BaseSequencer {
  /** @param {import("vitest/node").TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    const first = (/** @type {import("vitest/node").TestSpecification} */ spec) =>
      spec.project.config.isolate !== false && LONG.test(spec.moduleId);
    return [...sorted.filter(first), ...sorted.filter((spec) => !first(spec))];
  }
}
