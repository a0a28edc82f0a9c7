// @ts-check
// An app outside the workspace with our packages installed as a user installs them: each packed
// with `pnpm pack` (what `pnpm publish` would upload), then installed by npm, not pnpm, with what the
// app brings from the registry. The workspace's links would hide what a user meets.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packInto } from "./pack.js";

const require = createRequire(import.meta.url);
const TSC = require.resolve("typescript/bin/tsc");

/**
 * @typedef {object} PackedApp
 * @property {string} dir the app's folder
 * @property {string[]} tarballs the packed files, relative to `dir`
 * @property {(command: string, args?: string[], env?: NodeJS.ProcessEnv) => string} run runs a command in
 *   the app and returns its stdout; when it fails, throws an Error whose message holds what it printed
 *   (its `stdout` is kept on the error)
 * @property {(file: string, text: string) => void} write writes a file of the app
 * @property {(files: Record<string, string>, compilerOptions: object) => string} typeCheck writes `files` and a
 *   tsconfig.json of `compilerOptions` over them, runs the workspace's tsc, and returns its report ("" when they
 *   type-check)
 * @property {() => void} remove deletes the app
 */

/**
 * Packs `packages` (workspace packages named without their `@petstore/` scope, e.g. `["sdk", "query"]`;
 * they must be built) and installs them with npm into a new app, with `dependencies` (npm specs such as `msw@2`).
 * @param {{ packages: string[], dependencies?: string[], type?: "module" | "commonjs" }} options
 * @returns {PackedApp}
 */
export function packedApp({ packages, dependencies = [], type = "module" }) {
  const dir = mkdtempSync(join(tmpdir(), `petstore-app-${packages.join("-")}-`));
  // Each packed once per content (pack.js): the test files that install the same build share its tarball.
  const tarballs = packages.map((name) => packInto(`@petstore/${name}`, dir));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "petstore-user-app", private: true, type }));
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
  run("npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    ...tarballs.map((file) => `./${file}`),
    ...dependencies,
  ]);
  return {
    dir,
    tarballs,
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
