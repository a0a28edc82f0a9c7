// The command line of petstore-verify: parsing its flags and checking their values, each refusal one
// line that names the flag.
import { parseArgs } from "node:util";
import { withSuggestion } from "../generated/did-you-mean.js";
import type { VerifyOptions } from "../options.js";

/** A flag or value the CLI refuses (exit status 2). */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Where the reports besides the printed one go. */
export interface ReportFiles {
  json?: string;
  junit?: string;
}

export type CliRequest =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "run"; options: VerifyOptions & { seed: number }; reportFiles: ReportFiles };

const FLAGS = {
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  steps: { type: "string" },
  seed: { type: "string" },
  "read-only": { type: "boolean" },
  rate: { type: "string" },
  "time-limit": { type: "string" },
  json: { type: "string" },
  junit: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
} as const;

/** The largest seed: fast-check takes 32-bit seeds. */
const MAX_SEED = 2 ** 31 - 1;

/**
 * Reads argv (without `node` and the script) and the environment (`PETSTORE_API_KEY`). A run without
 * `--seed` gets a random one here, so the CLI can print it before the run starts.
 */
export function parseFlags(argv: string[], env: Record<string, string | undefined>): CliRequest {
  let values: ReturnType<typeof parseArgs<{ options: typeof FLAGS; strict: true; allowPositionals: false }>>["values"];
  try {
    ({ values } = parseArgs({ args: keepNegativeValues(argv), options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    // node:util names the flag: "Unknown option '--stpes'" (to which the flag it was probably meant to be is
    // added: "did you mean --steps?"), "Option '--seed <value>' argument missing".
    throw new UsageError(withSuggestion((error as Error).message, Object.keys(FLAGS)));
  }
  if (values.help) {
    return { kind: "help" };
  }
  if (values.version) {
    return { kind: "version" };
  }
  const options: VerifyOptions & { seed: number } = {
    baseUrl: baseUrl(values["base-url"]),
    apiKey: apiKey(values["api-key"], env.PETSTORE_API_KEY),
    seed:
      values.seed === undefined
        ? Math.floor(Math.random() * (MAX_SEED + 1))
        : wholeNumber("seed", values.seed, 0, MAX_SEED),
    readOnly: values["read-only"] ?? false,
  };
  if (values.steps !== undefined) {
    options.steps = wholeNumber("steps", values.steps, 1, Number.MAX_SAFE_INTEGER);
  }
  if (values.rate !== undefined) {
    options.rate = positiveNumber("rate", values.rate, "requests per second");
  }
  if (values["time-limit"] !== undefined) {
    options.timeLimitMs = Math.round(positiveNumber("time-limit", values["time-limit"], "seconds") * 1000);
  }
  const reportFiles: ReportFiles = {};
  for (const format of ["json", "junit"] as const) {
    const file = values[format];
    if (file !== undefined) {
      if (file === "") {
        throw new UsageError(`--${format} needs a file name`);
      }
      reportFiles[format] = file;
    }
  }
  if (reportFiles.json !== undefined && reportFiles.json === reportFiles.junit) {
    throw new UsageError(`--json and --junit name the same file (${reportFiles.json}); give each its own`);
  }
  return { kind: "run", options, reportFiles };
}

export function baseUrl(raw: string | undefined): string {
  if (raw === undefined) {
    throw new UsageError("--base-url is required: the backend's base URL, e.g. https://staging.example.com/api");
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--base-url must be an absolute http or https URL (got ${JSON.stringify(raw)})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`--base-url must be an http or https URL (got ${JSON.stringify(raw)})`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError(`--base-url must have no query, fragment or credentials (got ${JSON.stringify(raw)})`);
  }
  // Paths are appended to it: https://host/api/ and https://host/api are the same base.
  return url.href.replace(/\/+$/, "");
}

export function apiKey(flag: string | undefined, fromEnvironment: string | undefined): string {
  const key = flag ?? (fromEnvironment || undefined);
  if (key === undefined) {
    throw new UsageError("--api-key is required (or set PETSTORE_API_KEY): a bearer key the backend accepts");
  }
  // Never echoed: a key with a typo is still close to a secret.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new UsageError(
      `--api-key must be printable characters without spaces${flag === undefined ? " (read from PETSTORE_API_KEY)" : ""}`,
    );
  }
  return key;
}

export function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw new UsageError(`--${flag} must be a whole number ${range} (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

export function positiveNumber(flag: string, raw: string, unit: string): number {
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0) || !Number.isFinite(value)) {
    throw new UsageError(`--${flag} must be a number of ${unit} above 0 (got ${JSON.stringify(raw)})`);
  }
  return value;
}

/**
 * node:util calls a value that starts with "-" ambiguous (`--steps -1`); take it as the flag's value
 * so the range check answers in words.
 */
function keepNegativeValues(argv: string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const next = argv[index + 1];
    const takesValue = arg.startsWith("--") && FLAGS[arg.slice(2) as keyof typeof FLAGS]?.type === "string";
    if (takesValue && next !== undefined && /^-\d/.test(next)) {
      kept.push(`${arg}=${next}`);
      index++;
    } else {
      kept.push(arg);
    }
  }
  return kept;
}
