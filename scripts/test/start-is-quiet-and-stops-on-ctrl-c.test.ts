import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted } from "@petstore/testing/process";
import { afterEach, describe, expect, it } from "vitest";
import { runScript } from "./support.js";

afterEach(killStarted);

describe("pnpm start", () => {
  it("passes --port through, prints only the lines a user needs, and exits 0 on Ctrl-C", async () => {
    const start = runScript("start", ["--port", "0"]);
    await start.printed("Press Ctrl-C to stop.");
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(start.output())?.[1];
    expect(url, start.output()).toBeDefined();
    expect(url).not.toMatch(/:4010$/);
    const ours = start
      .output()
      .split("\n")
      // pnpm's own header (`> petstore-monorepo@ start …`), blank lines, and the one-line build notice
      // that appears when the sources changed since the last build.
      .filter((line) => line.trim() !== "" && !line.startsWith("> ") && !line.startsWith("Building @petstore/"));
    expect(ours).toEqual([
      expect.stringMatching(/^Petstore mock \S+ \(Petstore API \S+\) listening on http:\/\/127\.0\.0\.1:\d+$/),
      "  API key: petstore-demo-key",
      expect.stringMatching(/^ {2}Demo data: 20 pets, \d+ categories, \d+ orders$/),
      `  API reference: ${url}/docs/ (try-it answered by this server)`,
      `  Try: curl -H "Authorization: Bearer petstore-demo-key" ${url}/pets`,
      expect.stringMatching(/^ {2}SDK: GET \/pets → 20 pets, first: /),
      "  The data is in memory only; pnpm start --state petstore-data.json keeps it between starts.",
      "  Press Ctrl-C to stop.",
    ]);
    start.interrupt();
    expect(await start.exited).toEqual({ code: 0, signal: null });
    expect(start.output()).not.toContain("ELIFECYCLE");
    expect(start.output()).toContain("petstore-mock: stopped (SIGINT)");
  });

  it("keeps the data in the --state file between starts, as it says", async () => {
    const folder = mkdtempSync(join(tmpdir(), "petstore-start-"));
    try {
      const file = join(folder, "petstore-data.json");
      const start = runScript("start", ["--port", "0", "--state", file]);
      await start.printed("Press Ctrl-C to stop.");
      expect(start.output()).toContain(`  State: ${file} created (20 pets`);
      expect(start.output()).not.toContain("in memory only");
      start.interrupt();
      expect(await start.exited).toEqual({ code: 0, signal: null });
      expect(JSON.parse(readFileSync(file, "utf8")).sessions.default.pets).toHaveLength(20);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("says how to start on a free port when the port is busy", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const start = runScript("start", ["--port", String(port)]);
      expect((await start.exited).code).toBe(1);
      expect(start.output()).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(start.output()).toContain("Start it on a free port with: pnpm start --port 0");
    } finally {
      blocker.close();
    }
  });
});

describe("pnpm docs:serve", () => {
  it("exits 0 on Ctrl-C", async () => {
    const serve = runScript("docs:serve", ["--port", "0"]);
    await serve.printed("API reference: http://127.0.0.1:");
    serve.interrupt();
    expect(await serve.exited).toEqual({ code: 0, signal: null });
    expect(serve.output()).not.toContain("ELIFECYCLE");
  });
});
