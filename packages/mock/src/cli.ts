// petstore-mock: the standalone mock server (DESIGN.md's CLI contract).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEMO_API_KEY } from "./core/app.js";
import { contract } from "./core/generated/contract.js";
import { seed } from "./core/store/seed.js";
import { createPetstoreStore } from "./core/store/store.js";
import { normalizeAllowedHost, normalizeCorsOrigin } from "./node/access-policy.js";
import { REFERENCE_PATH } from "./node/reference-route.js";
import { DEFAULT_PORT, type RunningPetstoreServer, startPetstoreServer } from "./node/server.js";

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

/** How long requests in flight may take to finish once the server is asked to stop. */
const SHUTDOWN_GRACE_MS = 5_000;

const USAGE = `Usage: petstore-mock [--host 127.0.0.1] [--port ${DEFAULT_PORT}] [--api-key KEY]... [--seed N | --empty] [--delay MS]
                     [--allowed-host NAME]... [--cors-origin ORIGIN]... [--log]

Serves every operation of the Petstore API ${contract.version} from memory.

  --host HOST            interface to bind (default 127.0.0.1); any other than loopback makes the
                         mock reachable from your network, and it warns so
  --port PORT            port to bind, 0 for a free one (default ${DEFAULT_PORT})
  --api-key KEY          accept this bearer key; repeat for several (default ${DEMO_API_KEY})
  --seed N               start with demo data of N pets, 0 to ${contract.limits.maxPets} (default 20)
  --empty                start with no data at all
  --delay MS             wait MS milliseconds before every response, on top of any Prefer: delay
  --allowed-host NAME    also answer requests whose Host is NAME (IP addresses, localhost and the
                         --host name always are); .example.com allows its subdomains too, '*' any
                         name (no protection against DNS rebinding); repeat for several
  --cors-origin ORIGIN   also let pages from ORIGIN (e.g. https://app.example.com) call the mock
                         (pages on localhost, 127.0.0.1 and [::1] always may); '*' lets any page;
                         repeat for several
  --log                  print one line per request: METHOD PATH STATUS OPERATION TIME
  --help                 show this help
  --version              print the mock's version and the version of the API it implements

The API reference is served at /docs/ (no key needed for the page); its try-it calls this server.

On SIGINT or SIGTERM it stops accepting connections, lets requests in flight finish for up to
${SHUTDOWN_GRACE_MS / 1000} seconds, and exits 0.`;

class UsageError extends Error {}

/**
 * node:util calls a value that starts with "-" ambiguous (`--seed -1`); take it as the flag's value
 * so the range check below answers in words.
 */
function joinNegativeValues(argv: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const next = argv[index + 1];
    const takesValue = arg.startsWith("--") && OPTIONS[arg.slice(2) as keyof typeof OPTIONS]?.type === "string";
    if (takesValue && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      index++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

function wholeNumber(flag: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) {
    return fallback;
  }
  if (!/^\d+$/.test(raw) || Number(raw) > max) {
    throw new UsageError(`--${flag} must be a whole number from 0 to ${max} (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

function parseOptions(argv: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>>;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.seed !== undefined && values.empty) {
    throw new UsageError("--seed and --empty cannot be used together");
  }
  const apiKeys = values["api-key"] ?? [DEMO_API_KEY];
  for (const key of apiKeys) {
    if (!/^[\x21-\x7e]+$/.test(key)) {
      throw new UsageError(`--api-key must be printable characters without spaces (got ${JSON.stringify(key)})`);
    }
  }
  const allowedHosts = values["allowed-host"] ?? [];
  for (const name of allowedHosts) {
    if (!normalizeAllowedHost(name)) {
      throw new UsageError(
        `--allowed-host must be a host name such as mybox.local or .example.com, or '*' (got ${JSON.stringify(name)})`,
      );
    }
  }
  const corsOrigins = values["cors-origin"] ?? [];
  for (const origin of corsOrigins) {
    if (!normalizeCorsOrigin(origin)) {
      throw new UsageError(
        `--cors-origin must be an origin such as https://app.example.com, or '*' (got ${JSON.stringify(origin)})`,
      );
    }
  }
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    host: values.host ?? "127.0.0.1",
    port: wholeNumber("port", values.port, DEFAULT_PORT, 65_535),
    pets: values.empty ? null : wholeNumber("seed", values.seed, 20, contract.limits.maxPets),
    delayMs: wholeNumber("delay", values.delay, 0, contract.limits.preferDelayMaxMs),
    log: values.log ?? false,
    apiKeys,
    allowedHosts,
    corsOrigins,
  };
}

const OPTIONS = {
  host: { type: "string" },
  port: { type: "string" },
  "api-key": { type: "string", multiple: true },
  seed: { type: "string" },
  empty: { type: "boolean" },
  delay: { type: "string" },
  "allowed-host": { type: "string", multiple: true },
  "cors-origin": { type: "string", multiple: true },
  log: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`petstore-mock: ${error.message}\nRun petstore-mock --help for the options.`);
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
    const closed = mock.close({ graceMs: SHUTDOWN_GRACE_MS });
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
  const summary = options.pets === null ? null : await seed(store, { pets: options.pets, onProgress: reportProgress });
  try {
    mock = await startPetstoreServer({
      store,
      host: options.host,
      port: options.port,
      apiKeys: options.apiKeys,
      delayMs: options.delayMs,
      allowedHosts: options.allowedHosts,
      corsOrigins: options.corsOrigins,
      referenceDir: REFERENCE_DIR,
      onResponse: options.log
        ? ({ method, url, status, operationId, ms }) =>
            console.log(`${method} ${url} ${status} ${operationId ?? "-"} ${ms.toFixed(1)}ms`)
        : undefined,
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
    summary
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
