// @ts-check
// An app outside the workspace with our packages installed as a user installs them: each packed
// with `pnpm pack` (what `pnpm publish` would upload), then installed by npm, not pnpm, with what the
// app brings from the registry. The workspace's links would hide what a user meets.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { installedOnce } from "./installed.js";
import { packedTarball } from "./pack.js";

const require = createRequire(import.meta.url);
const TSC = require.resolve("typescript/bin/tsc");

/**
 * @typedef {object} PackedApp
 * @property {string} dir the app's folder
 * @property {(command: string, args?: string[], env?: NodeJS.ProcessEnv) => string} run runs a command in
 *   the app and returns its stdout; when it fails, throws an Error whose message holds what it printed
 *   (its `stdout` is kept on the error)
 * @property {(file: string, text: string) => void} write writes a file of the app
 * @property {(files: Record<string, string>, compilerOptions: object) => string} typeCheck writes `files` and a
 *   tsconfig.json of `compilerOptions` over them, runs the workspace's tsc, and returns its report ("" when they
 *   type-check); `problemsByFile` splits the report of several files checked in this one run
 * @property {() => void} remove deletes the app
 */

/**
 * Packs `packages` (workspace packages named without their `@petstore/` scope, e.g. `["sdk", "query"]`;
 * they must be built) and installs them with npm, with `dependencies` (npm specs such as `msw@2`), for a new app.
 * The install is shared (installed.js): the test files that install the same tarballs with the same dependencies
 * get one `npm install`, each its own app folder beside it, whose `node_modules` is the install's.
 * @param {{ packages: string[], dependencies?: string[], type?: "module" | "commonjs" }} options
 * @returns {PackedApp}
 */
export function packedApp({ packages, dependencies = [], type = "module" }) {
  const tarballs = packages.map((name) => packedTarball(`@petstore/${name}`));
  const installed = installedOnce(packages.join("-"), [...tarballs, ...dependencies]);
  const dir = mkdtempSync(join(installed, "app-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "petstore-user-app", private: true, type }));
  symlinkSync("../node_modules", join(dir, "node_modules"), "dir");
  /** @type {PackedApp["run"]} */
  const run = (command, args = [], env = process.env) => {
    try {
      return execFileSync(command, args, { cwd: dir, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      const { stdout = "", stderr = "" } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
      throw Object.assign(new Error(`${[command, ...args].join(" ")} failed in ${dir}:\n${stdout}${stderr}`), {
        stdout,
      });
    }
  };
  /** What a command printed on stdout, whether it succeeded or not (tsc reports on stdout and exits 1). */
  const report = (/** @type {string[]} */ args) => {
    try {
      return run(process.execPath, args);
    } catch (error) {
      return /** @type {{ stdout: string }} */ (error).stdout;
    }
  };
  return {
    dir,
    run,
    write: (file, text) => writeFileSync(join(dir, file), text),
    typeCheck: (files, compilerOptions) => {
      for (const [file, text] of Object.entries(files)) {
        writeFileSync(join(dir, file), text);
      }
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
      return report([TSC, "-p", "."]);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A tsc report, split by file: tsc's start-up and the packages' types are most of a run, so tests check several
 * consumers (some with a wrong line) in one program and read each one's diagnostics here.
 * @param {string} report what `typeCheck` returned
 * @param {string[]} files the files of that run
 * @returns {{ problemsOf: (file: string) => string[], outside: string[] }} each file's diagnostics, and those of no
 *   file of the run (an error in the packages' own types or in the configuration)
 */
export function problemsByFile(report, files) {
  // A diagnostic starts a line with its file; the lines after it (no such start) belong to it.
  const diagnostics = report.split(/\n(?=\S+\(\d+,\d+\): )/).filter((text) => text.trim());
  const fileOf = (/** @type {string} */ text) => /^(\S+)\(\d+,\d+\): /.exec(text)?.[1];
  return {
    problemsOf: (file) => diagnostics.filter((text) => fileOf(text) === file),
    outside: diagnostics.filter((text) => !files.includes(fileOf(text) ?? "")),
  };
}
