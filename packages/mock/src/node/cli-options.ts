// The command line of petstore-mock: its usage text and the parsing and checking of its options.
import { parseArgs } from "node:util";
import { DEMO_API_KEY } from "../core/app.js";
import { contract } from "../core/generated/contract.js";
import { withSuggestion } from "../core/generated/did-you-mean.js";
import { DEFAULT_SESSION_LIMITS, type SessionLimitNames } from "../core/sessions/session-limits.js";
import { normalizeAllowedHost, normalizeCorsOrigin } from "../serve/access-policy.js";
import { DEFAULT_PORT } from "./options.js";

/** How long requests in flight may take to finish once the server is asked to stop. */
export const SHUTDOWN_GRACE_MS = 5_000;

/** What the sessions' 507 answers call their limits: the flags that raise them. */
export const SESSION_LIMIT_FLAGS: SessionLimitNames = { maxSessions: "--max-sessions", maxRecords: "--max-records" };

/** The largest values the session flags take: far past any machine's memory, so only typos are refused. */
const MAX_SESSIONS = 1_000_000;
const MAX_RECORDS = 1_000_000_000;
const MAX_SESSION_TTL_SECONDS = 365 * 24 * 3600;

export const USAGE = `Usage: petstore-mock [--host 127.0.0.1] [--port ${DEFAULT_PORT}] [--api-key KEY]... [--seed N | --empty] [--state FILE]
                     [--delay MS] [--allowed-host NAME]... [--cors-origin ORIGIN]... [--log]
                     [--max-sessions N] [--max-records N] [--session-ttl SECONDS]

Serves every operation of the Petstore API ${contract.version} from memory.

  --host HOST            interface to bind (default 127.0.0.1); any other than loopback makes the
                         mock reachable from your network, and it warns so
  --port PORT            port to bind, 0 for a free one (default ${DEFAULT_PORT})
  --api-key KEY          accept this bearer key; repeat for several (default ${DEMO_API_KEY})
  --seed N               start with demo data of N pets, 0 to ${contract.limits.maxPets} (default 20)
  --empty                start with no data at all
  --state FILE           keep the data in FILE between starts: load it at start (a new FILE starts
                         from --seed or --empty, an existing one wins over them), write every change
                         back within 250 ms and on stop; readable JSON you may edit while the mock
                         is stopped. A FILE that is not a valid state stops the start (exit 2)
  --delay MS             wait MS milliseconds before every response, on top of any Prefer: delay
  --allowed-host NAME    also answer requests whose Host is NAME (IP addresses, localhost and the
                         --host name always are); .example.com allows its subdomains too, '*' any
                         name (no protection against DNS rebinding); repeat for several
  --cors-origin ORIGIN   also let pages from ORIGIN (e.g. https://app.example.com) call the mock
                         (pages on localhost, 127.0.0.1 and [::1] always may); '*' lets any page;
                         repeat for several
  --log                  print one line per request: METHOD PATH STATUS OPERATION TIME [session=NAME]
  --max-sessions N       serve at most N sessions at once, default included (default
                         ${DEFAULT_SESSION_LIMITS.maxSessions}); a request naming one more in its ${contract.sessionHeader.name}
                         header gets 507 MOCK_LIMIT_REACHED
  --max-records N        hold at most N records (categories, pets and orders) across all sessions
                         (default ${DEFAULT_SESSION_LIMITS.maxRecords}, about 450 MB); a create past it gets 507
  --session-ttl SECONDS  delete sessions unused for SECONDS (default: keep them; never default)
  --help                 show this help
  --version              print the mock's version and the version of the API it implements

The API reference is served at /docs/ (no key needed for the page); its try-it calls this server.

On SIGINT or SIGTERM it stops accepting connections, lets requests in flight finish for up to
${SHUTDOWN_GRACE_MS / 1000} seconds, writes the --state file, and exits 0.`;

/**
 * Where a usage error sends the reader: `petstore-mock` alone is on the PATH only when installed globally; in a
 * project that depends on the mock, and in a clone of its repository, pnpm exec and npx find it.
 */
export const HELP_HINT = "Run pnpm exec petstore-mock --help (or npx petstore-mock --help) for the options.";

export class UsageError extends Error {}

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

function wholeNumber(flag: string, raw: string | undefined, fallback: number, max: number, min = 0): number {
  if (raw === undefined) {
    return fallback;
  }
  if (!/^\d+$/.test(raw) || Number(raw) > max || Number(raw) < min) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

export function parseOptions(argv: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>>;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError(withSuggestion((error as Error).message, Object.keys(OPTIONS)));
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
  if (values.state !== undefined && values.state.trim() === "") {
    throw new UsageError("--state must name a file, such as petstore-data.json");
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
    /** The file that keeps the default store between starts, if any. */
    statePath: values.state,
    apiKeys,
    allowedHosts,
    corsOrigins,
    sessionLimits: {
      maxSessions: wholeNumber(
        "max-sessions",
        values["max-sessions"],
        DEFAULT_SESSION_LIMITS.maxSessions,
        MAX_SESSIONS,
        1,
      ),
      maxRecords: wholeNumber("max-records", values["max-records"], DEFAULT_SESSION_LIMITS.maxRecords, MAX_RECORDS, 1),
      idleTtlMs:
        values["session-ttl"] === undefined
          ? undefined
          : 1_000 * wholeNumber("session-ttl", values["session-ttl"], 0, MAX_SESSION_TTL_SECONDS, 1),
    },
  };
}

const OPTIONS = {
  host: { type: "string" },
  port: { type: "string" },
  "api-key": { type: "string", multiple: true },
  seed: { type: "string" },
  empty: { type: "boolean" },
  state: { type: "string" },
  delay: { type: "string" },
  "allowed-host": { type: "string", multiple: true },
  "cors-origin": { type: "string", multiple: true },
  log: { type: "boolean" },
  "max-sessions": { type: "string" },
  "max-records": { type: "string" },
  "session-ttl": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;
