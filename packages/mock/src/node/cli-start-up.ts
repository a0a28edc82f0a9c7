// petstore-mock's side of the one start-up: its flags as the standalone options, the voice of its messages, and
// the lines it prints once ready.
import { DEMO_API_KEY } from "../core/app.js";
import type { SeedOptions } from "../core/store/seed.js";
import { isLoopbackHost } from "../serve/demo-key.js";
import { REFERENCE_PATH } from "../serve/reference-route.js";
import type { StartUp, StartUpOptions, StartUpVoice } from "../standalone/start-up.js";
import { type CliOptions, SESSION_LIMIT_FLAGS } from "./cli-options.js";

/** How petstore-mock's messages name what its user set: its flags. */
export const CLI_VOICE: StartUpVoice = {
  caller: "petstore-mock",
  limitNames: SESSION_LIMIT_FLAGS,
  howToSetKeys:
    "start petstore-mock with --api-key KEY (your team's keys), or with --allow-demo-key to accept the demo key on purpose (a public sandbox)",
};

/** The standalone options of the command line; `onProgress` hears the seeding of many pets. */
export function cliStartUpOptions(options: CliOptions, onProgress: SeedOptions["onProgress"]): StartUpOptions {
  return {
    host: options.host,
    port: options.port,
    // Keys given on purpose are the user's choice; the default (the demo key) is subject to the demo-key policy.
    ...(options.keysGiven ? { apiKeys: options.apiKeys } : {}),
    allowDemoKey: options.allowDemoKey,
    delayMs: options.delayMs,
    allowedHosts: options.allowedHosts,
    corsOrigins: options.corsOrigins,
    log: options.log,
    sessionLimits: options.sessionLimits,
    ...(options.statePath === undefined ? {} : { state: options.statePath }),
    ...(options.namedState ? { namedState: options.namedState } : {}),
    demoData: options.pets === null ? null : { pets: options.pets, onProgress },
  };
}

/** The start data's records, past `--max-records`: the reason not to start, or undefined. */
export function startDataTooLarge({ app }: StartUp, maxRecords: number): string | undefined {
  const { store } = app;
  const records = store.categories.size + store.pets.size + store.orders.size;
  return records > maxRecords
    ? `the start data holds ${records} records, more than --max-records ${maxRecords}; raise --max-records or seed fewer pets`
    : undefined;
}

/** The lines printed on stdout once the server listens: the first one holds `http://HOST:PORT`. */
export function readyLines(startUp: StartUp, options: CliOptions, url: string, versions: string): string[] {
  const { store } = startUp.app;
  const data = startUp.startData;
  const counts = `${store.pets.size} pets, ${store.categories.size} categories, ${store.orders.size} orders`;
  const refused = startUp.demoKey ? ` (refused: ${options.host} is beyond loopback; see the warning)` : "";
  return [
    `Petstore mock ${versions} listening on ${url}`,
    `  API key${options.apiKeys.length > 1 ? "s" : ""}: ${options.apiKeys.join(", ")}${refused}`,
    startUp.state
      ? `  State: ${startUp.state.description}; every change is written back`
      : data.from === "named state"
        ? `  Named state: ${data.name} (seed ${data.seed}): ${counts}`
        : data.from === "demo data"
          ? `  Demo data: ${data.summary.pets} pets, ${data.summary.categories} categories, ${data.summary.orders} orders`
          : "  No data (--empty)",
    `  API reference: ${url}${REFERENCE_PATH}/ (try-it answered by this server)`,
    `  Try: curl -H "Authorization: Bearer ${options.apiKeys[0]!}" ${url}/pets`,
  ];
}

/** The warning printed on stderr when the server is reachable from other machines; undefined on loopback. */
export function exposureWarning(startUp: StartUp, options: CliOptions): string | undefined {
  if (isLoopbackHost(options.host)) {
    return undefined;
  }
  const reachable = `--host ${options.host} makes the mock reachable from other machines on your network`;
  const keepIt = "use --host 127.0.0.1 to keep it on this one";
  if (startUp.demoKey) {
    return `${reachable}; the demo key ${DEMO_API_KEY} is refused there: pass --api-key KEY (or --allow-demo-key to accept it on purpose), or ${keepIt}`;
  }
  const demoKey = options.apiKeys.includes(DEMO_API_KEY) ? ` with the demo key ${DEMO_API_KEY}` : "";
  return `${reachable}${demoKey}; ${keepIt}`;
}

/** Why the server could not listen, in words that say what to do. */
export function listenFailure(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host}:${port}`;
  return code === "EADDRINUSE"
    ? `port ${port} on ${host} is already in use; pick another with --port (0 picks a free one)`
    : code === "EACCES"
      ? `not allowed to listen on ${where}; pick a port above 1023`
      : code === "EADDRNOTAVAIL" || code === "ENOTFOUND"
        ? `cannot listen on ${host}: no such local address`
        : `cannot listen on ${where}: ${(error as Error).message}`;
}
