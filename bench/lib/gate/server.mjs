// A petstore-mock with the CPU probe (cpu-probe.mjs) loaded, for measurements of exact server CPU per request:
// the gate (bench/gate.mjs) and the live sessions' cost (bench/sessions.mjs).
import { spawn } from "node:child_process";
import { once } from "node:events";

const PROBE = new URL("./cpu-probe.mjs", import.meta.url).href;
const started = new Set();
process.on("exit", () => {
  for (const child of started) {
    child.kill("SIGTERM");
  }
});

/** Sends a child a message (the probe's "cpu", or a round of calls) and resolves with its answer. */
export async function ask(child, message) {
  const answer = once(child, "message");
  child.send(message);
  const [reply] = await answer;
  return reply;
}

/** The server's CPU time so far, µs (user + system), from inside it. */
export const serverCpuUs = async (server) => (await ask(server.child, "cpu")).cpuUs;

/** A full garbage collection in the server, when it was started with `exposeGc`. */
export const collectGarbage = (server) => ask(server.child, "gc");

/**
 * `node --import cpu-probe.mjs BIN --port 0 ...args` (with `--expose-gc` when `exposeGc`); resolves once it listens,
 * with its URL and a stop().
 */
export async function startProbedServer(bin, { args = [], env = process.env, name = bin, exposeGc = false } = {}) {
  const node = [...(exposeGc ? ["--expose-gc"] : []), "--import", PROBE];
  const child = spawn(process.execPath, [...node, bin, "--port", "0", ...args], {
    env,
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  started.add(child);
  let printed = "";
  const url = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      printed += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(printed);
      if (found) {
        resolve(found[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`${name} exited (${code}) before listening`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
    started.delete(child);
  };
  return { child, url, stop };
}
