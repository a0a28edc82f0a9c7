// @ts-check
// The self-check's vitest global set-up: compiles the checker's validators once per run, before any
// test file, and hands the set-up of each file (install.js) the module they were written to.
// @example
// // vitest.config.ts of a project whose setupFiles call installSelfCheck
// test: { globalSetup: ["@petstore/contract/self-check/global-setup"], setupFiles: ["./test/setup.ts"] }
import { writeCompiledValidators } from "../checker/compiled.js";

/** The key of vitest's `provide`/`inject` under which the file of compiled validators travels. */
export const VALIDATORS_KEY = "petstoreSelfCheckValidators";

/** @param {{ provide(key: string, value: string): void }} project */
export default function setup(project) {
  project.provide(VALIDATORS_KEY, writeCompiledValidators());
}
