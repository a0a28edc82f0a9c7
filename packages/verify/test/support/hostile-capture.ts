// The harness of the hostile-backend capture tests: backends started on real sockets and closed after each test,
// and `petstore-verify capture` run against one into a file of its own, in a folder removed after the file's tests.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach } from "vitest";
import { runCaptureTo } from "./capture-run.js";
import { type Backend, type BackendOptions, KEY, type Lists, startBackend } from "./hostile-backend.js";

/** Registers the clean-up hooks of the calling test file; `name` names its temporary folder. */
export function hostileCapture(name: string) {
  const folder = mkdtempSync(join(tmpdir(), `petstore-capture-${name}-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  let backends: Backend[] = [];
  afterEach(async () => {
    await Promise.all(backends.map((backend) => backend.close()));
    backends = [];
  });
  let files = 0;
  return {
    /** A backend serving `lists`, closed after the test. */
    async backend(lists: Lists, options: BackendOptions = {}) {
      const started = await startBackend(lists, options);
      backends.push(started);
      return started;
    },
    /** `petstore-verify capture` with exactly `args`, into the file `name` of the folder. */
    captureTo: (name: string, args: string[]) => runCaptureTo(join(folder, name), args),
    /** `petstore-verify capture` of the backend at `url`, into a new file, with `more` flags. */
    runCapture: (url: string, ...more: string[]) =>
      runCaptureTo(join(folder, `captured-${++files}.json`), [
        ...["--base-url", url, "--api-key", KEY, "--rate", "10000"],
        ...more,
      ]),
  };
}
