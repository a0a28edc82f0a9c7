// An independent referee: Prism (proxy mode, --errors) in front of the standalone petstore-mock CLI
// validates every response of a scenario that exercises every operation, success and documented
// errors, against openapi/petstore.yaml. Zero violations allowed.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { at, demoApiKey, operation, operations } from "@petstore/contract";
import { type RunningCli, startCli } from "@petstore/testing/cli";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type RunningPrism, startPrism } from "../src/processes.js";
import { runScenario, type StepResult } from "../src/scenario/run.js";
import { operationOf } from "../src/scenario/step.js";
import { countRequests } from "../src/stats.js";
import { remoteTarget } from "../src/targets/mocks.js";

const prismVerdict = (result: StepResult): string[] => {
  const problems: string[] = [];
  const violations = result.response.headers.get("sl-violations");
  if (violations) {
    problems.push(`Prism: ${violations}`);
  }
  if (/problem\+json/.test(result.response.headers.get("content-type") ?? "")) {
    problems.push(`Prism answered itself: ${result.response.text.slice(0, 300)}`);
  }
  return problems;
};

describe("Prism 5 (proxy, --errors) in front of the petstore-mock CLI", () => {
  let cli: RunningCli;
  let prism: RunningPrism;

  beforeAll(async () => {
    cli = await startCli();
    prism = await startPrism(cli.url);
  });

  afterAll(async () => {
    await prism?.stop();
    expect(await cli?.stop()).toEqual({ code: 0, signal: null });
  });

  it("finds zero violations in a scenario that exercises every operation, success and documented errors", async () => {
    const started = performance.now();
    const results = await runScenario(remoteTarget(prism.url, { exactBaseUrl: false }).send);
    const failures = results
      .map((result) => ({ name: result.step.name, problems: [...result.problems, ...prismVerdict(result)] }))
      .filter((result) => result.problems.length);
    const logged = prism
      .output()
      .all.split("\n")
      .filter((line) => /Violation/.test(line));
    const covered = new Set(results.map((result) => operationOf(result.step)));
    console.log(
      `[prism] ${results.length} requests through Prism in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `${covered.size} operations, statuses ${[...new Set(results.map((result) => result.response.status))].sort().join(", ")}; ` +
        `${failures.length} failing steps, ${logged.length} violations logged by Prism`,
    );
    expect(failures).toEqual([]);
    expect(logged).toEqual([]);
    expect([...covered].sort()).toEqual(operations.map((operation) => operation.operationId).sort());
  });

  it("cannot referee unknown routes or missing keys (Prism answers those itself), so the CLI is checked directly", async () => {
    const fresh = await startCli();
    const direct = remoteTarget(fresh.url);
    onTestFinished(async () => {
      await fresh.stop();
    });
    const unknown = await direct.send({ method: "GET", url: "/owners" });
    expect([unknown.status, (unknown.json as { code: string }).code, unknown.violations]).toEqual([
      404,
      "ROUTE_NOT_FOUND",
      [],
    ]);
    const anonymous = await direct.send({ method: "GET", url: "/pets", key: null });
    expect([anonymous.status, anonymous.headers.get("www-authenticate"), anonymous.violations]).toEqual([
      401,
      at("#/components/headers/WWW-Authenticate/schema/enum/0"),
      [],
    ]);
    const results = await runScenario(direct.send);
    expect(
      results.filter((result) => result.problems.length).map((result) => [result.step.name, result.problems]),
    ).toEqual([]);
  });
});

describe("the referee is awake", () => {
  it("Prism flags an upstream that answers a pet with a string id", async () => {
    // Every header getPet must send is there, as documented: the id is the only lie.
    const requiredHeaders = operation("getPet")
      .responses.get(200)!
      .headers.filter((header) => header.required)
      .map((header) => [header.name, String(header.example)]);
    const liar = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json", ...Object.fromEntries(requiredHeaders) });
      response.end(JSON.stringify({ id: "1", name: "Rex", categoryId: 1, status: "available" }));
    });
    await new Promise<void>((resolve) => liar.listen(0, "127.0.0.1", resolve));
    const prism = await startPrism(`http://127.0.0.1:${(liar.address() as AddressInfo).port}`);
    try {
      countRequests();
      const response = await fetch(`${prism.url}/pets/1`, { headers: { Authorization: `Bearer ${demoApiKey}` } });
      const body = await response.text();
      expect(response.status).toBe(500);
      expect(body).toMatch(/VIOLATIONS/);
      expect(response.headers.get("sl-violations")).toMatch(/id/);
    } finally {
      await prism.stop();
      liar.close();
    }
  });
});
