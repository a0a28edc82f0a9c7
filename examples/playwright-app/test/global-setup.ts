// One `petstore-mock` for the whole run, shared by every worker and test (each test works in a session of its
// own: ./fixtures.ts). Started before the workers, on 127.0.0.1 and a free port, with its request log in a
// file; its URL and the log's path reach the workers as environment variables. The returned function is the
// run's teardown: it stops the mock with SIGTERM and fails the run if the mock kept a session or did not stop
// cleanly.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createPetstoreControl } from "@petstore/mock";
import { API_KEY, MOCK_LOG_ENV, MOCK_URL_ENV } from "./shared-mock.js";

/** The `petstore-mock` bin of @petstore/mock, found by package name like any dependency's. */
const require = createRequire(import.meta.url);
const mockPackage = require.resolve("@petstore/mock/package.json");
const MOCK_BIN = join(dirname(mockPackage), require(mockPackage).bin["petstore-mock"]);
const READY = /listening on (http:\/\/\S+)/;

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The log goes straight to a file, so that every worker can read the lines of its tests from it.
  const logDir = mkdtempSync(join(tmpdir(), "petstore-playwright-"));
  const logPath = join(logDir, "petstore-mock.log");
  const logFd = openSync(logPath, "a");
  const child = spawn(process.execPath, [MOCK_BIN, "--host", "127.0.0.1", "--port", "0", "--log"], {
    stdio: ["ignore", logFd, logFd],
  });
  // If the runner ends without its teardown (a crash, a second Ctrl-C), the mock goes with it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  const log = () => readFileSync(logPath, "utf8");

  const url = await new Promise<string>((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      settled = true;
      clearInterval(poll);
      child.kill("SIGKILL");
      reject(new Error(`petstore-mock ${why}\n${log()}`));
    };
    const started = Date.now();
    // The output is a file, not a pipe: read it until the URL is there.
    const poll = setInterval(() => {
      const ready = READY.exec(log());
      if (ready?.[1]) {
        settled = true;
        clearInterval(poll);
        resolve(ready[1]);
      } else if (Date.now() - started > 10_000) {
        fail("printed no URL within 10 s");
      }
    }, 25);
    child.once("error", (error) => fail(`could not start: ${error.message}`));
    void exited.then(
      ({ code, signal }) => settled || fail(`ended (${signal ?? `exit code ${code}`}) before listening`),
    );
  });
  process.env[MOCK_URL_ENV] = url;
  process.env[MOCK_LOG_ENV] = logPath;

  return async () => {
    // Each test deletes its session when it ends (./fixtures.ts): only `default` may be left.
    const left = (await createPetstoreControl(url, { apiKey: API_KEY }).sessions())
      .map((session) => session.name)
      .filter((name) => name !== "default");
    child.kill("SIGTERM");
    const exit = await exited;
    process.off("exit", killOnExit);
    const output = log();
    rmSync(logDir, { recursive: true, force: true });
    if (exit.code !== 0) {
      throw new Error(
        `petstore-mock did not stop cleanly on SIGTERM (${exit.signal ?? `exit code ${exit.code}`}):\n${output}`,
      );
    }
    if (left.length > 0) {
      throw new Error(`sessions left in the shared petstore-mock after the run: ${left.join(", ")}`);
    }
  };
}
