import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
const { startWrangler } = await import("./worker.mjs");
const dir = await mkdtemp(join(tmpdir(), "w-"));
const t = performance.now();
const w = await startWrangler(join(dir, "m"), process.argv[2]);
console.log("ready", (performance.now() - t).toFixed(0));
await w.stop();
