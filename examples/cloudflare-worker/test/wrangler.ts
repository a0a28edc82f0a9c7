// `wrangler dev` (real workerd) on a free port of 127.0.0.1, on the example's Node 22 (wrangler needs it; the
// tests run on the workspace's Node 20), offline and quiet: no metrics, no fetch of the `Request.cf` data.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { closedPort, startingAgainOnTakenPort } from "@petstore/testing/ports";
import { spawnWatched } from "@petstore/testing/process";

const EXAMPLE = fileURLToPath(new URL("..", import.meta.url));
const NODE_22 = `${EXAMPLE}node_modules/.bin/node`;
const WRANGLER = `${EXAMPLE}node_modules/wrangler/bin/wrangler.js`;

/** The environment wrangler runs in: offline, no telemetry, no colours, no prompts. */
export const wranglerEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_COLOR: "1",
  CI: "1",
});

export interface RunningWorker {
  url: string;
  /** Stops wrangler and workerd as Ctrl-C does; resolves once they have ended. */
  stop(): Promise<void>;
  output(): string;
}

/**
 * Starts the example's Worker with local persistence in `persistTo`; `vars` become `--var NAME:VALUE`. A start that
 * fails because another process took one of its ports meanwhile is tried again on other ports; `firstPorts` (the
 * port and the inspector's) replace the first attempt's free ones.
 */
export function startWorker(
  persistTo: string,
  vars: Record<string, string> = {},
  firstPorts?: [number, number],
): Promise<RunningWorker> {
  let ports = firstPorts;
  return startingAgainOnTakenPort(async () => {
    const [port, inspectorPort] = ports ?? [await closedPort(), await closedPort()];
    ports = undefined;
    return startWorkerOnce(persistTo, vars, [port, inspectorPort]);
  });
}

async function startWorkerOnce(
  persistTo: string,
  vars: Record<string, string>,
  [port, inspectorPort]: number[],
): Promise<RunningWorker> {
  const args = [
    WRANGLER,
    "dev",
    ...["--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort)],
    ...["--persist-to", persistTo, "--show-interactive-dev-session=false"],
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
  const child = spawnWatched(NODE_22, args, { cwd: EXAMPLE, env: wranglerEnv(), detached: true, name: "wrangler dev" });
  const url = await child.printed(/Ready on (http:\/\/127\.0\.0\.1:\d+)/, { timeoutMs: 45_000 });
  return {
    url,
    output: () => child.output().all,
    stop: async () => {
      await child.stop({ signal: "SIGINT", graceMs: 5_000 });
    },
  };
}

/** Counts each Durable Object's rows in `tables` of its SQLite file, read by Node 22's node:sqlite (read-only, beside workerd). */
const COUNT_ROWS = `
const { DatabaseSync } = require("node:sqlite");
const { readdirSync } = require("node:fs");
const [dir, ...names] = process.argv.slice(1);
const files = readdirSync(dir).filter((file) => file.endsWith(".sqlite") && file !== "metadata.sqlite");
let rows = 0;
for (const file of files) {
  const db = new DatabaseSync(dir + "/" + file, { readOnly: true });
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name);
  for (const table of tables.filter((name) => names.includes(name))) {
    rows += db.prepare('SELECT count(*) AS n FROM "' + table + '"').get().n;
  }
  db.close();
}
console.log(JSON.stringify({ objects: files.length, rows }));
`;

/**
 * What the `PetstoreSessionObject` objects hold under `persistTo`: how many objects have a SQLite file, and how many
 * rows they store: the mock's records and meta rows, and the runtime's own (`_cf_METADATA`: an alarm).
 */
export function storedRows(persistTo: string): { objects: number; rows: number } {
  const dir = join(persistTo, "v3/do/petstore-mock-PetstoreSessionObject");
  if (!existsSync(dir)) {
    return { objects: 0, rows: 0 };
  }
  const tables = ["petstore_records", "petstore_meta", "_cf_METADATA"];
  const printed = execFileSync(NODE_22, ["--no-warnings", "-e", COUNT_ROWS, dir, ...tables], { encoding: "utf8" });
  return JSON.parse(printed);
}
