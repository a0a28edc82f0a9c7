// @ts-check
// Child processes of tests and test scripts: spawned with their output collected, waited for (a text
// or a URL they print, their end), stopped with SIGTERM then SIGKILL, and killed if a test left them running.
import { spawn } from "node:child_process";
import { stripVTControlCharacters } from "node:util";

/** @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit */
/** @typedef {{ stdout: string, stderr: string, all: string }} Output `all` is both streams as they came. */

/**
 * @typedef {object} SpawnOptions
 * @property {string} [cwd]
 * @property {NodeJS.ProcessEnv} [env]
 * @property {boolean} [detached] in a process group of its own, which `signal` and `stop` then reach whole
 *   (a shell or `pnpm` and what it started), as a terminal's Ctrl-C does
 * @property {boolean} [ipc] open an IPC channel (`child.send`)
 * @property {string} [name] how messages name the process (default: the command line)
 */

/**
 * @typedef {object} Watched
 * @property {import("node:child_process").ChildProcess} child
 * @property {string} name
 * @property {number} startedAt `performance.now()` just before the spawn
 * @property {() => Output} output
 * @property {Promise<Exit>} exited resolves once the process has ended and all its output is read
 * @property {(text: string | RegExp, options?: { timeoutMs?: number }) => Promise<string>} printed resolves
 *   with the first match in stdout or stderr (colour codes ignored); rejects if the process ends first, or
 *   kills it and rejects after `timeoutMs`
 * @property {(signal: NodeJS.Signals) => void} signal sends `signal` (to the group when detached)
 * @property {(options?: { signal?: NodeJS.Signals, graceMs?: number }) => Promise<Exit>} stop sends
 *   `signal` (SIGTERM), then SIGKILL if the process has not ended after `graceMs` (10 s)
 */

/** @type {Set<Watched>} */
const running = new Set();

/**
 * Spawns `command ARGS` with stdin closed and its output collected.
 * @param {string} command
 * @param {string[]} args
 * @param {SpawnOptions} [options]
 * @returns {Watched}
 */
export function spawnWatched(command, args, { cwd, env, detached = false, ipc = false, name } = {}) {
  const startedAt = performance.now();
  /** @type {import("node:child_process").StdioOptions} */
  const stdio = ["ignore", "pipe", "pipe", ...(ipc ? /** @type {const} */ (["ipc"]) : [])];
  const child = spawn(command, args, { cwd, env, detached, stdio });
  const output = { stdout: "", stderr: "", all: "" };
  /** @type {Set<() => void>} */
  const waiters = new Set();
  for (const stream of /** @type {const} */ (["stdout", "stderr"])) {
    child[stream]?.setEncoding("utf8");
    child[stream]?.on("data", (/** @type {string} */ chunk) => {
      output[stream] += chunk;
      output.all += chunk;
      for (const check of waiters) {
        check();
      }
    });
  }
  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) => {
    child.once("close", (code, signal) => resolve({ code, signal }));
    // The command could not be started at all (ENOENT…): no "close" follows.
    child.once("error", (error) => {
      output.stderr += `${error.message}\n`;
      output.all += `${error.message}\n`;
      resolve({ code: null, signal: null });
    });
  });

  /** @type {Watched} */
  const watched = {
    child,
    name: name ?? [command, ...args].join(" "),
    startedAt,
    output: () => ({ ...output }),
    exited,
    printed(text, { timeoutMs } = {}) {
      const what = typeof text === "string" ? JSON.stringify(text) : String(text);
      return new Promise((resolve, reject) => {
        const check = () => {
          const seen = stripVTControlCharacters(output.all);
          const match = typeof text === "string" ? (seen.includes(text) ? text : undefined) : text.exec(seen);
          if (match) {
            done();
            resolve(typeof match === "string" ? match : (match[1] ?? match[0]));
          }
        };
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                done();
                watched.signal("SIGKILL");
                reject(new Error(`${watched.name} printed no ${what} within ${timeoutMs} ms${describe(output)}`));
              }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
        exited.then((exit) => {
          if (waiters.has(check)) {
            done();
            reject(new Error(`${watched.name} ${ended(exit)} before it printed ${what}${describe(output)}`));
          }
        });
      });
    },
    signal(signal) {
      try {
        if (detached && child.pid) {
          process.kill(-child.pid, signal);
        } else {
          child.kill(signal);
        }
      } catch {
        // Already gone.
      }
    },
    async stop({ signal = "SIGTERM", graceMs = 10_000 } = {}) {
      if (running.has(watched)) {
        watched.signal(signal);
        const killer = setTimeout(() => watched.signal("SIGKILL"), graceMs);
        await exited;
        clearTimeout(killer);
      }
      return exited;
    },
  };
  running.add(watched);
  exited.then(() => running.delete(watched));
  return watched;
}

/**
 * Runs `command ARGS` to its end; after `timeoutMs` it is killed (with its group when detached).
 * @param {string} command
 * @param {string[]} args
 * @param {SpawnOptions & { timeoutMs?: number }} [options]
 * @returns {Promise<Exit & Output & { timedOut: boolean }>}
 */
export async function runToEnd(command, args, { timeoutMs, ...options } = {}) {
  const watched = spawnWatched(command, args, options);
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          watched.signal("SIGKILL");
        }, timeoutMs);
  const exit = await watched.exited;
  clearTimeout(timer);
  return { ...exit, ...watched.output(), timedOut };
}

/** Kills (SIGKILL) every process started here that is still running: for a test's `afterEach`. */
export function killStarted() {
  for (const watched of running) {
    watched.signal("SIGKILL");
  }
}

/** @param {Exit} exit */
function ended({ code, signal }) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/** @param {Output} output */
function describe({ stdout, stderr }) {
  return `${stderr ? `\nstderr: ${stderr.trimEnd()}` : ""}${stdout ? `\nstdout: ${stdout.trimEnd()}` : ""}`;
}
