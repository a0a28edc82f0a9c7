// The Petstore mock on Deno, for a team to share: every operation, its data kept in a file.
// Copy this file into an app that has @petstore/mock installed, then:
//   deno run --allow-net=127.0.0.1 --allow-env=PORT,PETSTORE_STATE,PETSTORE_API_KEY --allow-read=. --allow-write=. mock.deno.ts
// PORT (default 4010; 0 picks a free port), PETSTORE_STATE (the data file, default petstore-data.json in
// this folder; empty: in memory only), PETSTORE_API_KEY (the accepted keys, comma-separated; default petstore-demo-key).
import { serveWithDeno } from "@petstore/mock/deno";

const apiKeys = Deno.env.get("PETSTORE_API_KEY")?.split(",");
const stateFile = Deno.env.get("PETSTORE_STATE") ?? "petstore-data.json";
const mock = await serveWithDeno({
  port: Number(Deno.env.get("PORT") ?? 4010),
  // An empty PETSTORE_STATE keeps the data in memory only (a host with no writable disk).
  state: stateFile || undefined,
  ...(apiKeys ? { apiKeys } : {}),
});
console.log(`Petstore mock (Deno ${Deno.version.deno}) listening on ${mock.url}`);
console.log(`  API key: ${apiKeys?.join(", ") ?? "petstore-demo-key"}`);
console.log(
  mock.state
    ? `  State: ${mock.state.path} (${mock.state.loaded ? "loaded" : "created from the demo data"})`
    : "  State: in memory only (demo data)",
);

// Ctrl-C (or a SIGTERM from a process manager): requests in flight finish, the last changes are written.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await mock.close();
    Deno.exit(0);
  });
}
