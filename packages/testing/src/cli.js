// @ts-check
// The petstore-mock CLI as tests and scripts start it: on 127.0.0.1 and a free port unless given
// `--port`, resolved with the URL of its ready line. By default it is bin/petstore-mock.js over
// dist/, exactly what users run; `from: "source"` runs src/cli.ts without a build.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundledCliSource, MOCK_DIR } from "./cli-source.js";
import { runToEnd, spawnWatched } from "./process.js";

export { killStarted } from "./process.js";

/** @type {{ bin: Record<string, string> }} */
const MANIFEST = JSON.parse(readFileSync(join(MOCK_DIR, "package.json"), "utf8"));
// The bin the mock's package.json declares, and the build it imports.
const BIN = join(MOCK_DIR, /** @type {string} */ (MANIFEST.bin["petstore-mock"]));
const BUILT = join(MOCK_DIR, "dist/cli.js");
const PROBE = pathToFileURL(fileURLToPath(new URL("./memory-probe.js", import.meta.url))).href;
const READY_LINE = /listening on (http:\/\/\S+)/;

/**
 * @typedef {object} CliOptions
 * @property {"bin" | "source"} [from] "bin" (default): the built CLI through its bin; "source": src/cli.ts
 * @property {string[]} [nodeArgs] given to Node before the program, e.g. `--import` a preload
 * @property {boolean} [memoryProbe] preloads a probe so that `memory()` can ask the process for its memory
 * @property {number} [timeoutMs] how long to wait for the ready line (default 30 s)
 * @property {string} [cwd]
 * @property {NodeJS.ProcessEnv} [env]
 */

/** @typedef {{ rss: number, heapUsed: number, heapTotal: number, external: number, arrayBuffers: number }} MemoryUsage */

/**
 * @typedef {import("./process.js").Watched & {
 *   url: string,
 *   memory(): Promise<MemoryUsage>,
 * }} RunningCli `memory()` is the process's memory after a full garbage collection (needs `memoryProbe`).
 */

/**
 * Starts `petstore-mock ARGS` and resolves once it prints its URL; rejects with its exit and output if
 * it ends first, or kills it after `timeoutMs`.
 * @param {string[]} [args]
 * @param {CliOptions} [options]
 * @returns {Promise<RunningCli>}
 */
export async function startCli(args = [], options = {}) {
  const cli = spawnWatched(process.execPath, command(args, options), {
    name: name(args),
    ipc: options.memoryProbe,
    cwd: options.cwd,
    env: options.env,
  });
  const url = await cli.printed(READY_LINE, { timeoutMs: options.timeoutMs ?? 30_000 });
  return {
    ...cli,
    url,
    memory: () =>
      new Promise((resolve, reject) => {
        if (!options.memoryProbe) {
          reject(new Error("petstore-mock was started without memoryProbe"));
          return;
        }
        cli.child.once("message", (message) => resolve(/** @type {MemoryUsage} */ (message)));
        cli.child.send?.("memory");
      }),
  };
}

/**
 * Runs `petstore-mock ARGS` to its end (usage errors, a busy port, a signal sent by a preload).
 * @param {string[]} [args]
 * @param {Omit<CliOptions, "memoryProbe">} [options]
 */
export function runCli(args = [], options = {}) {
  return runToEnd(process.execPath, command(args, options), { name: name(args), cwd: options.cwd, env: options.env });
}

/**
 * @param {string[]} args
 * @param {CliOptions} options
 */
function command(args, { from = "bin", nodeArgs = [], memoryProbe = false }) {
  if (from === "bin" && !existsSync(BUILT)) {
    throw new Error("packages/mock/dist/cli.js is missing: run `pnpm build` first");
  }
  const program = from === "source" ? bundledCliSource() : BIN;
  const probe = memoryProbe ? ["--expose-gc", "--import", PROBE] : [];
  return [...probe, ...nodeArgs, program, ...withPort(args)];
}

/** @param {string[]} args */
const withPort = (args) => (args.includes("--port") ? args : ["--port", "0", ...args]);

/** @param {string[]} args */
const name = (args) => ["petstore-mock", ...withPort(args)].join(" ");
