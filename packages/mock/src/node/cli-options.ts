// The command line of petstore-mock: its usage text and the parsing and checking of its options.
import { parseArgs } from "node:util";
import { DEMO_API_KEY } from "../core/app.js";
import { contract } from "../core/generated/contract.js";
import { closestName, withSuggestion } from "../core/generated/did-you-mean.js";
import { quoted } from "../core/http/quoted.js";
import { DEFAULT_SESSION_LIMITS, type SessionLimitNames } from "../core/sessions/session-limits.js";
import { isNamedState, MAX_STATE_SEED, NAMED_STATES, type NamedState } from "../core/store/named-state-names.js";
import { normalizeAllowedHost, normalizeCorsOrigin } from "../serve/access-policy.js";
import { DEFAULT_HOST, DEFAULT_PORT } from "../standalone/options.js";

/** How long requests in flight may take to finish once the server is asked to stop. */
export const SHUTDOWN_GRACE_MS = 5_000;

/** What the sessions' 507 answers call their limits: the flags that raise them. */
export const SESSION_LIMIT_FLAGS: SessionLimitNames = { maxSessions: "--max-sessions", maxRecords: "--max-records" };

/** The largest values the session flags take: far past any machine's memory, so only typos are refused. */
const MAX_SESSIONS = 1_000_000;
const MAX_RECORDS = 1_000_000_000;
const MAX_SESSION_TTL_SECONDS = 365 * 24 * 3600;

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

type ParsedValues = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>
>["values"];

/** The options of `petstore-mock`, checked: a `UsageError` says what is wrong in words. */
export function parseOptions(argv: string[]) {
  let values: ParsedValues;
  try {
    ({ values } = parseArgs({
      args: joinNegativeValues(argv),
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(withSuggestion((error as Error).message, Object.keys(OPTIONS)));
  }
  const namedState = checkStartDataFlags(values);
  const apiKeys = values["api-key"] ?? [DEMO_API_KEY];
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    host: values.host ?? DEFAULT_HOST,
    port: wholeNumber("port", values.port, DEFAULT_PORT, 65_535),
    pets:
      values.empty || namedState !== undefined ? null : wholeNumber("seed", values.seed, 20, contract.limits.maxPets),
    /** `--named-state` and its `--seed`, the seed of its pseudo-random choices. */
    namedState:
      namedState === undefined
        ? undefined
        : { name: namedState, seed: wholeNumber("seed", values.seed, 1, MAX_STATE_SEED) },
    delayMs: wholeNumber("delay", values.delay, 0, contract.limits.preferDelayMaxMs),
    log: values.log ?? false,
    /** The file that keeps the default store between starts, if any. */
    statePath: values.state,
    apiKeys: checked(apiKeys, "--api-key", (key) => /^[\x21-\x7e]+$/.test(key), "printable characters without spaces"),
    /** Whether `--api-key` was given: keys chosen on purpose, which the demo-key policy leaves alone. */
    keysGiven: values["api-key"] !== undefined,
    allowDemoKey: values["allow-demo-key"] ?? false,
    allowedHosts: checked(
      values["allowed-host"] ?? [],
      "--allowed-host",
      (name) => normalizeAllowedHost(name) !== null,
      "a host name such as mybox.local or .example.com, or '*'",
    ),
    corsOrigins: checked(
      values["cors-origin"] ?? [],
      "--cors-origin",
      (origin) => normalizeCorsOrigin(origin) !== null,
      "an origin such as https://app.example.com, or '*'",
    ),
    sessionLimits: sessionLimitsOf(values),
  };
}

/** Checks the flags that give the start data; returns the named state asked for, if any. */
function checkStartDataFlags(values: ParsedValues): NamedState | undefined {
  if (values.seed !== undefined && values.empty) {
    throw new UsageError("--seed and --empty cannot be used together");
  }
  if (values.state !== undefined && values.state.trim() === "") {
    throw new UsageError("--state must name a file, such as petstore-data.json");
  }
  const namedState = values["named-state"];
  if (namedState === undefined) {
    return undefined;
  }
  for (const [flag, given] of [
    ["--empty", values.empty],
    ["--state", values.state !== undefined],
  ] as const) {
    if (given) {
      throw new UsageError(`--named-state and ${flag} cannot be used together: each gives the start data`);
    }
  }
  if (!isNamedState(namedState)) {
    const guess = closestName(namedState, NAMED_STATES);
    throw new UsageError(
      `--named-state must be one of ${NAMED_STATES.join(", ")} (got ${quoted(namedState)}${guess ? `; did you mean ${guess}?` : ""})`,
    );
  }
  return namedState;
}

/** The values of a repeatable flag, each checked by `valid`; a `UsageError` says what `flag` must be. */
function checked(values: string[], flag: string, valid: (value: string) => boolean, mustBe: string): string[] {
  for (const value of values) {
    if (!valid(value)) {
      throw new UsageError(`${flag} must be ${mustBe} (got ${JSON.stringify(value)})`);
    }
  }
  return values;
}

/** The bounds of the sessions: `--max-sessions`, `--max-records`, `--session-ttl`. */
function sessionLimitsOf(values: ParsedValues) {
  const { maxSessions, maxRecords } = DEFAULT_SESSION_LIMITS;
  const ttl = values["session-ttl"];
  return {
    maxSessions: wholeNumber("max-sessions", values["max-sessions"], maxSessions, MAX_SESSIONS, 1),
    maxRecords: wholeNumber("max-records", values["max-records"], maxRecords, MAX_RECORDS, 1),
    idleTtlMs: ttl === undefined ? undefined : 1_000 * wholeNumber("session-ttl", ttl, 0, MAX_SESSION_TTL_SECONDS, 1),
  };
}

/** The options of `petstore-mock`, as `parseOptions` returns them. */
export type CliOptions = ReturnType<typeof parseOptions>;

const OPTIONS = {
  host: { type: "string" },
  port: { type: "string" },
  "api-key": { type: "string", multiple: true },
  "allow-demo-key": { type: "boolean" },
  seed: { type: "string" },
  empty: { type: "boolean" },
  "named-state": { type: "string" },
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
