// petstore-mock: the standalone mock server (DESIGN.md's CLI contract), prepared by the one start-up of every
// standalone server (standalone/'s prepareStartUp) and served on node:http.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { contract } from "./core/index.js";
import {
  CLI_VOICE,
  type CliOptions,
  cliStartUpOptions,
  exposureWarning,
  HELP_HINT,
  listenFailure,
  listenOnNode,
  parseOptions,
  type RunningPetstoreServer,
  readyLines,
  SHUTDOWN_GRACE_MS,
  startDataTooLarge,
  USAGE,
  UsageError,
} from "./node/index.js";
import { prepareStartUp, type StartUp, type StartUpOptions } from "./standalone/index.js";
import { StateFileError } from "./state/index.js";

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
  const options = parseCommandLine();
  if (options.help || options.version) {
    console.log(options.help ? USAGE : `petstore-mock ${VERSIONS}`);
    return;
  }
  // Installed before anything is printed, so a signal right after the ready line stops the server
  // gracefully instead of killing the process.
  const running = stopOnSignals();
  const startUpOptions = cliStartUpOptions(options, seedingProgress());
  const startUp = await prepare(startUpOptions, options.sessionLimits.maxRecords);
  let mock: RunningPetstoreServer;
  try {
    mock = await listenOnNode(startUp, { ...startUpOptions, referenceDir: REFERENCE_DIR });
  } catch (error) {
    fail(1, listenFailure(error, options.host, options.port));
  }
  running.started(mock, startUp);
  for (const line of readyLines(startUp, options, mock.url, VERSIONS)) {
    console.log(line);
  }
  const warning = exposureWarning(startUp, options);
  if (warning) {
    console.error(`petstore-mock: warning: ${warning}`);
  }
}

/** The options, or exit 2 with what is wrong. */
function parseCommandLine(): CliOptions {
  try {
    return parseOptions(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      fail(2, `${error.message}\n${HELP_HINT}`);
    }
    throw error;
  }
}

/** Reports the seeding of demo data that takes more than a second. */
function seedingProgress() {
  const seedingStarted = performance.now();
  // Progress goes to stderr, so stdout keeps the ready line for whoever waits on it.
  return (done: number, total: number) => {
    if (performance.now() - seedingStarted > 1_000) {
      console.error(`petstore-mock: seeding demo data, ${done} of ${total} pets`);
    }
  };
}

/** The mock prepared by the one start-up, or exit 2 when its state file or start data cannot be used. */
async function prepare(startUpOptions: StartUpOptions, maxRecords: number): Promise<StartUp> {
  let startUp: StartUp;
  try {
    startUp = await prepareStartUp(startUpOptions, CLI_VOICE);
  } catch (error) {
    if (error instanceof StateFileError) {
      fail(2, error.message);
    }
    throw error;
  }
  const tooLarge = startDataTooLarge(startUp, maxRecords);
  if (tooLarge) {
    fail(2, tooLarge);
  }
  return startUp;
}

/**
 * Stops on SIGINT and SIGTERM: the state file at once, then requests in flight get `SHUTDOWN_GRACE_MS` to finish
 * (a second signal ends them), then the state file again, with their last changes.
 */
function stopOnSignals() {
  let mock: RunningPetstoreServer | undefined;
  let startUp: StartUp | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      mock?.server.closeAllConnections();
      return;
    }
    stopping = true;
    if (!mock) {
      process.exit(0);
    }
    void startUp?.state?.writer.flush().catch(() => undefined);
    const closed = mock.close({ graceMs: SHUTDOWN_GRACE_MS });
    // Printed once the server has stopped listening: from here on, new connections are refused.
    console.log(`petstore-mock: stopping (${signal}); requests in flight have ${SHUTDOWN_GRACE_MS / 1000} s to finish`);
    closed.then(
      () => {
        console.log(`petstore-mock: stopped (${signal})`);
        process.exit(0);
      },
      (error: Error) => fail(1, `error while stopping: ${error.message}`),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  return {
    started(running: RunningPetstoreServer, prepared: StartUp) {
      mock = running;
      startUp = prepared;
    },
  };
}

function fail(code: number, message: string): never {
  console.error(`petstore-mock: ${message}`);
  process.exit(code);
}

main().catch((error: Error) => {
  console.error(`petstore-mock: ${error.stack ?? error.message}`);
  process.exit(1);
});
