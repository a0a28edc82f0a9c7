#!/usr/bin/env node
// `pnpm start`: serves the mock with demo data on http://127.0.0.1:4010 and shows the SDK talking
// to it, then keeps serving until Ctrl-C. Extra arguments go to petstore-mock (e.g. --port 0).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createPetstoreClient } from "@petstore/sdk";

const bin = fileURLToPath(new URL("../packages/mock/bin/petstore-mock.js", import.meta.url));
const args = process.argv.slice(2);
const mock = spawn(process.execPath, [bin, ...(args.length ? args : ["--port", "4010"])], {
  stdio: ["ignore", "pipe", "inherit"],
});

let announced = false;
mock.stdout.setEncoding("utf8");
mock.stdout.on("data", async (chunk) => {
  process.stdout.write(chunk);
  const url = /http:\/\/[^\s]+/.exec(chunk)?.[0];
  if (announced || !url) {
    return;
  }
  announced = true;
  const client = createPetstoreClient({ baseUrl: url, apiKey: process.env.PETSTORE_API_KEY ?? "petstore-demo-key" });
  const { data, error, response } = await client.GET("/pets", { params: { query: { limit: 3 } } });
  if (error) {
    console.error(`SDK check failed: ${error.code}: ${error.message}`);
    return;
  }
  const names = data.map((pet) => `${pet.name} (${pet.status})`).join(", ");
  console.log(`  SDK: GET /pets → ${response.headers.get("X-Total-Count")} pets, first: ${names}`);
  console.log("  Press Ctrl-C to stop.");
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => mock.kill(signal));
}
mock.on("exit", (code) => process.exit(code ?? 0));
