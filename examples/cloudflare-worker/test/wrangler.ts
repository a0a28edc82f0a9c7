// `wrangler dev` (real workerd) on a free port of 127.0.0.1, on the example's Node 22 (wrangler needs it; the
// tests run on the workspace's Node 20), offline and quiet: no metrics, no fetch of the `Request.cf` data.
import { fileURLToPath } from "node:url";
import { closedPort } from "@petstore/testing/ports";
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

/** Starts the example's Worker with local persistence in `persistTo`; `vars` become `--var NAME:VALUE`. */
export async function startWorker(persistTo: string, vars: Record<string, string> = {}): Promise<RunningWorker> {
  const [port, inspectorPort] = [await closedPort(), await closedPort()];
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
