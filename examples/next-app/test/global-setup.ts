// One `petstore-mock` and one `next start` for the whole run, both on 127.0.0.1 and a free port. The mock logs
// every request (`--log`, each line naming its session) to a file the workers read; the app reaches the mock
// through PETSTORE_BASE_URL, as in production it would reach the API. The URLs and the log's path reach the
// workers as environment variables. The returned function is the run's teardown: it stops both with SIGTERM
// and fails the run if the mock kept a session or either did not stop cleanly.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPetstoreControl } from "@petstore/mock";
import { spawnWatched } from "@petstore/testing/process";
import { API_KEY, APP_URL_ENV, MOCK_LOG_ENV, MOCK_URL_ENV, RUN_ENV } from "./shared-mock.js";

const require = createRequire(import.meta.url);
const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
/** The `petstore-mock` bin of @petstore/mock, found by package name like any dependency's. */
const mockPackage = require.resolve("@petstore/mock/package.json");
const MOCK_BIN = join(dirname(mockPackage), require(mockPackage).bin["petstore-mock"]);
const NEXT_BIN = join(dirname(require.resolve("next/package.json")), "dist/bin/next");

async function startMock(logPath: string) {
  // The log goes straight to a file, so that every worker can read the lines of its tests from it.
  const child = spawn(process.execPath, [MOCK_BIN, "--host", "127.0.0.1", "--port", "0", "--log"], {
    stdio: ["ignore", openSync(logPath, "a"), openSync(logPath, "a")],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  const log = () => readFileSync(logPath, "utf8");
  const started = Date.now();
  let url: string | undefined;
  while (!url) {
    url = /listening on (http:\/\/\S+)/.exec(log())?.[1];
    if (!url && (child.exitCode !== null || Date.now() - started > 10_000)) {
      child.kill("SIGKILL");
      throw new Error(`petstore-mock did not start:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, exited, url, log };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // `.next-mutant/`: the build of scripts/drop-affects-entry.mjs (next.config.ts).
  if (!existsSync(join(APP_DIR, process.env.PETSTORE_MUTANT_TAGS ? ".next-mutant" : ".next", "BUILD_ID"))) {
    throw new Error("no production build: run `pnpm test` (next build, then playwright test), or `pnpm build` first");
  }
  const logDir = mkdtempSync(join(tmpdir(), "petstore-next-"));
  const logPath = join(logDir, "petstore-mock.log");
  const mock = await startMock(logPath);
  const app = spawnWatched(process.execPath, [NEXT_BIN, "start", "--hostname", "127.0.0.1", "--port", "0"], {
    cwd: APP_DIR,
    env: { ...process.env, PETSTORE_BASE_URL: mock.url, PETSTORE_API_KEY: API_KEY, NEXT_TELEMETRY_DISABLED: "1" },
    name: "next start",
  });
  // If the runner ends without its teardown (a crash, a second Ctrl-C), the servers go with it.
  const killOnExit = () => {
    mock.child.kill("SIGKILL");
    app.child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  const appUrl = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(
    await app.printed(/Local:\s+http:\/\/127\.0\.0\.1:\d+/, { timeoutMs: 30_000 }),
  )?.[1];
  process.env[MOCK_URL_ENV] = mock.url;
  process.env[MOCK_LOG_ENV] = logPath;
  process.env[APP_URL_ENV] = appUrl;
  process.env[RUN_ENV] = randomBytes(4).toString("hex");

  return async () => {
    // Each test deletes its session when it ends (./fixtures.ts): only `default` may be left.
    const left = (await createPetstoreControl(mock.url, { apiKey: API_KEY }).sessions())
      .map((session) => session.name)
      .filter((name) => name !== "default");
    const appExit = await app.stop({ signal: "SIGTERM", graceMs: 10_000 });
    mock.child.kill("SIGTERM");
    const mockExit = await mock.exited;
    process.off("exit", killOnExit);
    const output = mock.log();
    rmSync(logDir, { recursive: true, force: true });
    if (mockExit.code !== 0) {
      throw new Error(
        `petstore-mock did not stop cleanly on SIGTERM (${mockExit.signal ?? mockExit.code}):\n${output}`,
      );
    }
    // next start exits with 143 (128 + SIGTERM) once it has closed its server.
    if (appExit.code !== 143 && appExit.code !== 0) {
      throw new Error(`next start did not stop cleanly (${appExit.signal ?? appExit.code}):\n${app.output().all}`);
    }
    if (left.length > 0) {
      throw new Error(`sessions left in the shared petstore-mock after the run: ${left.join(", ")}`);
    }
  };
}
