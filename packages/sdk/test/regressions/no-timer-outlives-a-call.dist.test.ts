import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startStandIn } from "../support.js";

// A caller's abort during a Retry-After wait rejected the call, but the wait's timer ran on and kept
// Node alive until it fired: a script that asked to wait an hour ended an hour later.
const sdk = new URL("../../dist/index.js", import.meta.url).href;
const EXIT_BOUND_MS = 30_000;

let standIn: Awaited<ReturnType<typeof startStandIn>>;
beforeAll(async () => {
  standIn = await startStandIn((request, response) => {
    if (request.url === "/pets") {
      response.writeHead(200, { "Content-Type": "application/json" }).end("[]");
    } else if (request.url === "/categories") {
      const body = JSON.stringify({ code: "SERVICE_UNAVAILABLE", message: "down", status: 503 });
      response.writeHead(503, { "Content-Type": "application/json", "Retry-After": "3600" }).end(body);
    }
    // Anything else gets no answer at all: the client's time-out ends it.
  });
});
afterAll(() => standIn.close());

const script = `
  import { createPetstoreClient } from ${JSON.stringify(sdk)};
  const controller = new AbortController();
  const client = createPetstoreClient({
    baseUrl: process.argv[1],
    apiKey: "key",
    timeoutMs: 500,
    retry: { maxDelayMs: 7_200_000 },
    fetch: async (request) => {
      const response = await fetch(request);
      // Cancel once the SDK has started to wait the hour the 503 asks for.
      if (response.status === 503) setTimeout(() => controller.abort(new Error("cancelled")), 50);
      return response;
    },
  });
  const outcome = (call) => call.then(({ response }) => response.status, (error) => error.code ?? error.message);
  const outcomes = [
    await outcome(client.GET("/pets")),
    await outcome(client.GET("/categories", { signal: controller.signal })),
    await outcome(client.GET("/store/orders")),
  ];
  console.log(JSON.stringify(outcomes));
`;

it("lets a Node script exit once its calls settled: success, time-out, abort during a Retry-After wait", async () => {
  expect(existsSync(fileURLToPath(sdk)), "run `pnpm build` first").toBe(true);
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, standIn.url], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const exited = await new Promise<boolean>((resolve) => {
    const bound = setTimeout(() => resolve(false), EXIT_BOUND_MS);
    child.on("exit", () => {
      clearTimeout(bound);
      resolve(true);
    });
  });
  if (!exited) {
    child.kill();
  }
  const done = output.trim() !== "";
  expect(
    exited,
    done
      ? `the script printed ${output.trim()} but was still running ${EXIT_BOUND_MS / 1000} s later: something keeps it alive`
      : `the script never finished its calls in ${EXIT_BOUND_MS / 1000} s`,
  ).toBe(true);
  expect(JSON.parse(output)).toEqual([200, "cancelled", "TIMEOUT"]);
}, 60_000);
