// The tests of the mock on a runtime other than Node (Deno, Bun): the example file a user copies, run with the
// command docs/mock/servers.md documents in an app with the packed @petstore/mock, passes the conformance scenario and keeps its data.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { demoApiKey, operations } from "@petstore/contract";
import { appWithExample, type ExampleApp, type Runtime, startExample } from "@petstore/runtimes";
import { startCli } from "@petstore/testing/cli";
import { killStarted } from "@petstore/testing/process";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { runScenario } from "../../src/scenario/run.js";
import { operationOf } from "../../src/scenario/step.js";
import { remoteTarget } from "../../src/targets/mocks.js";

const JSON_HEADERS = { Authorization: `Bearer ${demoApiKey}`, "Content-Type": "application/json" };

export function describeRuntime(runtime: Runtime) {
  describe(`the mock on ${runtime.name}: packages/mock/examples/${runtime.example} in an app with the packed @petstore/mock`, () => {
    let app: ExampleApp;

    beforeAll(() => {
      app = appWithExample(runtime);
    }, 120_000);

    afterAll(() => {
      // Every process is stopped by its test; this is for a test that failed halfway.
      killStarted();
      app?.remove();
    });

    it("runs the command the mock's docs document (docs/mock/servers.md)", () => {
      const page = readFileSync(new URL("../../../../docs/mock/servers.md", import.meta.url), "utf8");
      expect(page, `docs/mock/servers.md should document \`${runtime.command}\``).toContain(`\n${runtime.command}\n`);
    });

    it("passes the conformance scenario: every operation, no failure, every response as documented", async () => {
      const example = await startExample(runtime, app, { PETSTORE_STATE: "scenario.json" });
      onTestFinished(async () => {
        await example.stop();
      });
      const started = performance.now();
      const results = await runScenario(remoteTarget(example.url).send);
      const failures = results
        .filter((result) => result.problems.length)
        .map((result) => [result.step.name, result.problems]);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      expect(failures, `${runtime.name}: steps that failed in ${seconds} s\n${example.output().all}`).toEqual([]);
      const covered = new Set(results.map((result) => operationOf(result.step)));
      expect([...covered].sort()).toEqual(operations.map((operation) => operation.operationId).sort());
      expect(await example.stop(), `${runtime.name} should stop on SIGTERM\n${example.output().all}`).toEqual({
        code: 0,
        signal: null,
      });
      expect(example.output().stderr).toBe("");
    });

    it("keeps a pet created through it across a restart, in a state file petstore-mock --state reads too", async () => {
      const env = { PETSTORE_STATE: "restart.json" };
      const first = await startExample(runtime, app, env);
      onTestFinished(async () => {
        await first.stop();
      });
      expect(first.output().stdout).toContain("State: restart.json (created from the demo data)");
      const created = await fetch(`${first.url}/pets`, {
        method: "POST",
        headers: JSON_HEADERS,
        body: JSON.stringify({ name: "Biscuit", categoryId: 1 }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      // Stopped at once: the change is written on the way out, not only after the write-back's delay.
      expect(await first.stop()).toEqual({ code: 0, signal: null });
      const saved = JSON.parse(readFileSync(join(app.dir, "restart.json"), "utf8"));
      expect(saved.format).toBe("petstore-state");

      const second = await startExample(runtime, app, env);
      onTestFinished(async () => {
        await second.stop();
      });
      expect(second.output().stdout).toContain("State: restart.json (loaded)");
      const read = await fetch(`${second.url}/pets/${id}`, { headers: JSON_HEADERS });
      expect([read.status, ((await read.json()) as { name: string }).name]).toEqual([200, "Biscuit"]);
      expect(await second.stop()).toEqual({ code: 0, signal: null });

      const cli = await startCli(["--state", join(app.dir, "restart.json")]);
      onTestFinished(async () => {
        await cli.stop();
      });
      const fromCli = await fetch(`${cli.url}/pets/${id}`, { headers: JSON_HEADERS });
      expect([fromCli.status, ((await fromCli.json()) as { name: string }).name]).toEqual([200, "Biscuit"]);
    });

    it("keeps a named session (X-Petstore-Session) across a restart, beside default, in the same file", async () => {
      const env = { PETSTORE_STATE: "sessions.json" };
      const team = { ...JSON_HEADERS, "X-Petstore-Session": "team-a" };
      const first = await startExample(runtime, app, env);
      onTestFinished(async () => {
        await first.stop();
      });
      const created = await fetch(`${first.url}/pets`, {
        method: "POST",
        headers: team,
        body: JSON.stringify({ name: "Team pet", categoryId: 1 }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      expect(await first.stop()).toEqual({ code: 0, signal: null });
      const saved = JSON.parse(readFileSync(join(app.dir, "sessions.json"), "utf8"));
      expect(Object.keys(saved.sessions ?? {})).toEqual(["default", "team-a"]);

      const second = await startExample(runtime, app, env);
      onTestFinished(async () => {
        await second.stop();
      });
      const listed = await fetch(`${second.url}/__petstore/sessions`, { headers: JSON_HEADERS });
      expect(((await listed.json()) as { name: string }[]).map((session) => session.name)).toEqual([
        "default",
        "team-a",
      ]);
      const read = await fetch(`${second.url}/pets/${id}`, { headers: team });
      expect([read.status, ((await read.json()) as { name: string }).name]).toEqual([200, "Team pet"]);
      expect(await second.stop()).toEqual({ code: 0, signal: null });
    });

    it("keeps the start data across a restart: a session that only read, and one created after it, read the same", async () => {
      const env = { PETSTORE_STATE: "start-data.json" };
      const reads = (url: string, session: string) =>
        Promise.all(
          ["/pets?limit=100", "/categories", "/store/orders?limit=100", "/store/inventory?limit=100"].map(
            async (path) =>
              (await fetch(`${url}${path}`, { headers: { ...JSON_HEADERS, "X-Petstore-Session": session } })).text(),
          ),
        );
      const first = await startExample(runtime, app, env);
      onTestFinished(async () => {
        await first.stop();
      });
      const before = await reads(first.url, "reader");
      // `default` changes: a new session still starts from the start data, not from default's records.
      const created = await fetch(`${first.url}/pets`, {
        method: "POST",
        headers: JSON_HEADERS,
        body: JSON.stringify({ name: "Default pet", categoryId: 1 }),
      });
      expect(created.status).toBe(201);
      expect(await first.stop()).toEqual({ code: 0, signal: null });
      const saved = JSON.parse(readFileSync(join(app.dir, "start-data.json"), "utf8"));
      expect(Object.keys(saved.sessions ?? {}), "every listed session is in the file").toEqual(["default", "reader"]);

      const second = await startExample(runtime, app, env);
      onTestFinished(async () => {
        await second.stop();
      });
      expect(await reads(second.url, "reader")).toEqual(before);
      expect(await reads(second.url, "later"), "a session created after the restart").toEqual(before);
      const reset = await fetch(`${second.url}/__petstore/sessions/default/reset`, {
        method: "POST",
        headers: JSON_HEADERS,
      });
      expect(reset.status).toBe(200);
      expect(await reads(second.url, "default"), "default reset without a body").toEqual(before);
      expect(await second.stop()).toEqual({ code: 0, signal: null });
    });

    it("takes the team's key from PETSTORE_API_KEY and keeps the data in memory when PETSTORE_STATE is empty", async () => {
      const before = readdirSync(app.dir).sort();
      const example = await startExample(runtime, app, { PETSTORE_STATE: "", PETSTORE_API_KEY: "team-key" });
      onTestFinished(async () => {
        await example.stop();
      });
      expect(example.output().stdout).toContain("State: in memory only");
      const withDemoKey = await fetch(`${example.url}/pets/1`, { headers: JSON_HEADERS });
      const withTeamKey = await fetch(`${example.url}/pets/1`, { headers: { Authorization: "Bearer team-key" } });
      expect([withDemoKey.status, withTeamKey.status]).toEqual([401, 200]);
      expect(await example.stop()).toEqual({ code: 0, signal: null });
      expect(readdirSync(app.dir).sort(), "no file should be written").toEqual(before);
    });
  });
}
