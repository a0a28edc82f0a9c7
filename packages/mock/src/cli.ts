// petstore-mock: the standalone mock server (DESIGN.md's CLI contract).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import {
  contract,
  createPetstoreSessions,
  createPetstoreStore,
  DEMO_API_KEY,
  fillWithNamedState,
  seed,
} from "./core/index.js";
import {
  HELP_HINT,
  parseOptions,
  REFERENCE_PATH,
  type RunningPetstoreServer,
  SESSION_LIMIT_FLAGS,
  SHUTDOWN_GRACE_MS,
  startPetstoreServer,
  USAGE,
  UsageError,
} from "./node/index.js";
// From state/'s barrel, not node/'s: node/ re-exporting it would put the state file (and the snapshot checks it
// imports) in @petstore/mock/node's chunks, loaded by every test file that imports the Node entry.
import { type DurableState, keepStateInFile, StateFileError } from "./state/index.js";

/** The API reference that the build puts beside the CLI (dist/reference), served at /docs/. */
const REFERENCE_DIR = fileURLToPath(new URL("./reference/", import.meta.url));

/**
 * The mock's own version and the version of the API it implements: two numbers that move apart (the
 * package has its own semver; the API's is the document's info.version, read by the generator).
 * The package's version is read from its package.json by its own name (Node resolves a package's
 * name from inside it to itself), which holds for the built CLI, installed or in the workspace,
 * and for src/cli.ts as the tests run it.
 */
const VERSIONS = `${(createRequire(import.meta.url)("@petstore/mock/package.json") as { version: string }).version} (Petstore API ${contract.version})`;

async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`petstore-mock: ${error.message}\n${HELP_HINT}`);
      process.exit(2);
    }
    throw error;
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (options.version) {
    console.log(`petstore-mock ${VERSIONS}`);
    return;
  }

  // Installed before anything is printed, so a signal right after the ready line stops the server
  // gracefully instead of killing the process.
  let mock: RunningPetstoreServer | undefined;
  let state: DurableState | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second signal: stop waiting for requests in flight.
      mock?.server.closeAllConnections();
      return;
    }
    stopping = true;
    if (!mock) {
      process.exit(0);
    }
    // The state file at once, and again once requests in flight have made their last changes.
    void state?.writer.flush().catch(() => undefined);
    const closed = mock.close({ graceMs: SHUTDOWN_GRACE_MS }).then(() => state?.writer.flush());
    // Printed once the server has stopped listening: from here on, new connections are refused.
    console.log(`petstore-mock: stopping (${signal}); requests in flight have ${SHUTDOWN_GRACE_MS / 1000} s to finish`);
    closed.then(
      () => {
        console.log(`petstore-mock: stopped (${signal})`);
        process.exit(0);
      },
      (error: Error) => {
        console.error(`petstore-mock: error while stopping: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  const store = createPetstoreStore();
  const seedingStarted = performance.now();
  // Progress goes to stderr, so stdout keeps the ready line for whoever waits on it.
  const reportProgress = (done: number, total: number) => {
    if (performance.now() - seedingStarted > 1_000) {
      console.error(`petstore-mock: seeding demo data, ${done} of ${total} pets`);
    }
  };
  const { namedState } = options;
  const fillStore = () =>
    namedState
      ? fillWithNamedState(store, namedState).then(() => null)
      : options.pets === null
        ? Promise.resolve(null)
        : seed(store, { pets: options.pets, onProgress: reportProgress });
  const newSessions = () =>
    createPetstoreSessions({ store, limits: options.sessionLimits, limitNames: SESSION_LIMIT_FLAGS });
  let summary: Awaited<ReturnType<typeof fillStore>> = null;
  if (options.statePath === undefined) {
    summary = await fillStore();
  } else {
    try {
      state = await keepStateInFile(store, options.statePath, {
        fillNewStore: fillStore,
        sessions: newSessions,
        limitNames: SESSION_LIMIT_FLAGS,
        onWriteError: (error) =>
          console.error(`petstore-mock: cannot write --state ${options.statePath}: ${error.message}`),
      });
    } catch (error) {
      if (error instanceof StateFileError) {
        console.error(`petstore-mock: ${error.message}`);
        process.exit(2);
      }
      throw error;
    }
  }
  const startRecords = store.categories.size + store.pets.size + store.orders.size;
  if (startRecords > options.sessionLimits.maxRecords) {
    console.error(
      `petstore-mock: the start data holds ${startRecords} records, more than --max-records ${options.sessionLimits.maxRecords}; raise --max-records or seed fewer pets`,
    );
    process.exit(2);
  }
  // With --state, the file's sessions are in already.
  const sessions = state?.sessions ?? newSessions();
  try {
    mock = await startPetstoreServer({
      sessions,
      host: options.host,
      port: options.port,
      apiKeys: options.apiKeys,
      delayMs: options.delayMs,
      allowedHosts: options.allowedHosts,
      corsOrigins: options.corsOrigins,
      referenceDir: REFERENCE_DIR,
      log: options.log,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${options.host}:${options.port}`;
    const reason =
      code === "EADDRINUSE"
        ? `port ${options.port} on ${options.host} is already in use; pick another with --port (0 picks a free one)`
        : code === "EACCES"
          ? `not allowed to listen on ${where}; pick a port above 1023`
          : code === "EADDRNOTAVAIL" || code === "ENOTFOUND"
            ? `cannot listen on ${options.host}: no such local address`
            : `cannot listen on ${where}: ${(error as Error).message}`;
    console.error(`petstore-mock: ${reason}`);
    process.exit(1);
  }
  const key = options.apiKeys[0]!;
  console.log(`Petstore mock ${VERSIONS} listening on ${mock.url}`);
  console.log(`  API key${options.apiKeys.length > 1 ? "s" : ""}: ${options.apiKeys.join(", ")}`);
  console.log(
    state
      ? `  State: ${state.description}; every change is written back`
      : namedState
        ? `  Named state: ${namedState.name} (seed ${namedState.seed}): ${store.pets.size} pets, ${store.categories.size} categories, ${store.orders.size} orders`
        : summary
          ? `  Demo data: ${summary.pets} pets, ${summary.categories} categories, ${summary.orders} orders`
          : "  No data (--empty)",
  );
  console.log(`  API reference: ${mock.url}${REFERENCE_PATH}/ (try-it answered by this server)`);
  console.log(`  Try: curl -H "Authorization: Bearer ${key}" ${mock.url}/pets`);
  if (!isLoopback(options.host)) {
    const demoKey = options.apiKeys.includes(DEMO_API_KEY) ? ` with the demo key ${DEMO_API_KEY}` : "";
    console.error(
      `petstore-mock: warning: --host ${options.host} makes the mock reachable from other machines on your network${demoKey}; use --host 127.0.0.1 to keep it on this one`,
    );
  }
}

/** Whether `host` only accepts connections from this machine. */
function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127\.\d+\.\d+\.\d+$/.test(name);
}

main().catch((error: Error) => {
  console.error(`petstore-mock: ${error.stack ?? error.message}`);
  process.exit(1);
});
