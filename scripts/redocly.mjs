#!/usr/bin/env node
// `node scripts/redocly.mjs ARGS` runs the pinned Redocly CLI (`redocly ARGS`) without its boxed
// "Node.js 20 support is ending" notice, which it prints on every run under Node 20 with no switch
// to turn it off (docs/README.md says why the CLI stays pinned). Everything else passes through.
import { createRequire } from "node:module";
import path from "node:path";
import { runToEnd } from "@petstore/testing/process";

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
const env = {
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
  // Piped output loses its colours; keep them for a person at a terminal.
  ...(process.stderr.isTTY ? { FORCE_COLOR: "1" } : {}),
  ...process.env,
};
const { code, signal, stdout, stderr } = await runToEnd(process.execPath, [cli, ...process.argv.slice(2)], { env });
// The notice is a box drawn with ╔ ║ ╚ and framed by blank lines; a run's own output never uses them.
const withoutNotice = (text) => text.replace(/(^\s*\n)*(^\s*[╔║╚].*\n)+(^\s*\n)*/gm, "");
process.stdout.write(withoutNotice(stdout));
process.stderr.write(withoutNotice(stderr));
process.exit(code ?? (signal ? 1 : 0));
