// Child processes of the suite: the standalone `petstore-mock` CLI (optionally with a memory probe)
// and Prism in proxy mode. Each binds 127.0.0.1 on a free port and is stopped with SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { documentPath } from "@petstore/contract";

const require = createRequire(import.meta.url);

export const cliPath = fileURLToPath(new URL("../../mock/bin/petstore-mock.js", import.meta.url));
const probePath = fileURLToPath(new URL("./memory-probe.mjs", import.meta.url));

export interface MemoryUsage {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Memory of the process after a full garbage collection (needs `probe: true`). */
  memory(): Promise<MemoryUsage>;
  /** SIGTERM, then SIGKILL after 5 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A free TCP port on 127.0.0.1 (for programs that cannot pick one themselves, such as Prism). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(
  command: string,
  args: string[],
  ready: RegExp,
  options: { ipc?: boolean; timeoutMs?: number } = {},
): Promise<RunningProcess> {
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe", ...(options.ipc ? (["ipc"] as const) : [])],
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const running: Omit<RunningProcess, "url"> = {
    child,
    output: () => output,
    memory: () =>
      new Promise((resolve, reject) => {
        if (!child.send) {
          reject(new Error("the process was started without the memory probe"));
          return;
        }
        child.once("message", (message) => resolve(message as MemoryUsage));
        child.send("memory");
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
      return child.exitCode;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(`${command} ${args.join(" ")} was not ready after ${options.timeoutMs ?? 30_000} ms:\n${output}`),
      );
    }, options.timeoutMs ?? 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ ...running, url: match[1]! });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/**
 * The standalone mock (`petstore-mock --port 0`, or the given `port`). With `probe`, Node preloads a
 * module that answers an IPC "memory" message with `process.memoryUsage()` after a full GC; the CLI
 * itself is untouched.
 */
export function startCli(
  args: string[] = [],
  options: { probe?: boolean; port?: number } = {},
): Promise<RunningProcess> {
  const node = options.probe ? ["--expose-gc", "--import", pathToFileURL(probePath).href] : [];
  const port = String(options.port ?? 0);
  return start(process.execPath, [...node, cliPath, "--port", port, ...args], /(http:\/\/127\.0\.0\.1:\d+)/, {
    ipc: options.probe,
  });
}

/** Prism's CLI, as installed in this package. */
export const prismPath = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");

/**
 * Prism in proxy mode in front of `upstream`, validating every response against the document with
 * `--errors` (a response that breaks the document becomes a Prism error). Request validation is off,
 * so documented error cases reach the mock instead of being answered by Prism.
 */
export async function startPrism(upstream: string): Promise<RunningProcess> {
  const port = await freePort();
  return start(
    process.execPath,
    [
      prismPath,
      "proxy",
      documentPath,
      upstream,
      "--errors",
      "--validate-request=false",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/,
    { timeoutMs: 60_000 },
  );
}
