// @ts-check
// vitest's order of test files, with the long ones first: vitest queues the projects by name and, on a machine with no
// timings of an earlier run (a fresh clone: CI), the files of a project by size, so the verifier's seed sweeps and
// process tests (the last projects by name, a minute each) started last and ran on alone while the other workers
// idled. Files that wait on Chromium, child processes or installs, or sweep seeds, start first instead. A project
// that shares one module graph (`isolate: false`) keeps its files together, since vitest reuses a worker only for the
// next file of the same project: such a project with long files comes next as one block, its long files first.
import { BaseSequencer } from "vitest/node";

/** File names of the long-running kinds: in the browser, with child processes or installs, sweeping seeds or edits, fuzzing, or the READMEs. */
const LONG =
  /\.(e2e|browser|process)\.test\.ts$|seeds-\d|packed|tarball|older-adapters|storybook|readmes|api-diff-corpus|fuzz-|abuse/;

/** @typedef {import("vitest/node").TestSpecification} Spec */

/**
 * `sorted` (vitest's order) with the long files first: those of isolated projects, then each shared project that has
 * long files as one block (its long files first), then the rest in vitest's order.
 * @template {{ moduleId: string, project: { name: string, config: { isolate?: boolean } } }} S
 * @param {S[]} sorted
 * @returns {S[]}
 */
export function longFilesFirst(sorted) {
  const long = (/** @type {S} */ spec) => LONG.test(spec.moduleId);
  const shared = (/** @type {S} */ spec) => spec.project.config.isolate === false;
  /** @type {Map<string, S[]>} */
  const blocks = new Map();
  for (const spec of sorted.filter((one) => shared(one) && long(one))) {
    blocks.set(spec.project.name, []);
  }
  for (const spec of sorted) {
    blocks.get(spec.project.name)?.push(spec);
  }
  const inBlocks = [...blocks.values()].flatMap((block) => [
    ...block.filter(long),
    ...block.filter((spec) => !long(spec)),
  ]);
  const rest = sorted.filter((spec) => !blocks.has(spec.project.name));
  return [
    ...rest.filter((spec) => !shared(spec) && long(spec)),
    ...inBlocks,
    ...rest.filter((spec) => shared(spec) || !long(spec)),
  ];
}

export default class SlowFilesFirst extends BaseSequencer {
  /** @param {Spec[]} files */
  async sort(files) {
    return longFilesFirst(await super.sort(files));
  }
}
