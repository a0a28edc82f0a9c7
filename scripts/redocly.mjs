#!/usr/bin/env node
// `node scripts/redocly.mjs ARGS` runs the pinned Redocly CLI (`redocly ARGS`) without its boxed
// "Node.js 20 support is ending" notice, which it prints on every run under Node 20 with no switch
// to turn it off (docs/README.md says why the CLI stays pinned). Everything else passes through.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
const redocly = spawn(process.execPath, [cli, ...process.argv.slice(2)], {
  env: {
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
    // Piped output loses its colours; keep them for a person at a terminal.
    ...(process.stderr.isTTY ? { FORCE_COLOR: "1" } : {}),
    ...process.env,
  },
  stdio: ["inherit", "pipe", "pipe"],
});

/** The notice is a box drawn with ╔ ║ ╚ and framed by blank lines; a run's own output never uses them. */
function passThrough(input, output) {
  let blankLines = 0;
  createInterface({ input }).on("line", (line) => {
    const boxed = /^\s*[╔║╚]/.test(line);
    if (boxed) {
      blankLines = 0;
      return;
    }
    if (line.trim() === "") {
      blankLines++;
      return;
    }
    // Blank lines are held back so the ones around the box disappear with it.
    if (blankLines > 0) {
      output.write("\n");
    }
    blankLines = 0;
    output.write(`${line}\n`);
  });
}

passThrough(redocly.stdout, process.stdout);
passThrough(redocly.stderr, process.stderr);
redocly.on("close", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
