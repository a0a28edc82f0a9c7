#!/usr/bin/env node
// `pnpm dev`: `wrangler dev` on 127.0.0.1 with its data in .wrangler/state (arguments are passed on: `--port 0`),
// offline and quiet, and a Ctrl-C that ends with exit status 0.
//
// - Offline: workerd's `Request.cf` data (a request's colo, country, …) is fetched from Cloudflare at each start
//   unless CLOUDFLARE_CF_FETCH_ENABLED is false (wrangler's system environment variable); without a network the
//   fetch fails with a stack trace, twice. The mock reads none of it: the placeholder is all it needs.
// - Ctrl-C: wrangler stops cleanly, then ends by re-raising SIGINT, which pnpm reports as a failure
//   (ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL … SIGINT). This script passes the signal on and exits 0 once wrangler has
//   ended because of it. The `dev` script starts it with `exec "$npm_node_execpath"` (the Node running pnpm):
//   the `node` of this example's node_modules/.bin is a shell script around Node 22, and a shell that is sent
//   Ctrl-C while it waits exits with a failure whatever its child does. wrangler itself runs on Node 22, the
//   binary of the `node` package, as every script of this example does.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const binOf = (name, bin) => {
  const manifest = require.resolve(`${name}/package.json`);
  return join(dirname(manifest), require(manifest).bin[bin]);
};
const NODE_22 = binOf("node", "node");
const WRANGLER_BIN = binOf("wrangler", "wrangler");

const wrangler = spawn(
  NODE_22,
  [WRANGLER_BIN, "dev", "--ip", "127.0.0.1", "--persist-to", ".wrangler/state", ...process.argv.slice(2)],
  { stdio: "inherit", env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env } },
);

let interrupted;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    // A terminal's Ctrl-C reaches wrangler too (one process group); `kill -INT` of this script alone does not.
    interrupted ??= signal;
    setTimeout(() => wrangler.exitCode === null && wrangler.signalCode === null && wrangler.kill(signal), 100).unref();
  });
}
wrangler.on("exit", (code, signal) => {
  const byOurSignal = interrupted !== undefined && (signal === interrupted || code === 0 || code === 130);
  process.exit(byOurSignal ? 0 : (code ?? 1));
});
