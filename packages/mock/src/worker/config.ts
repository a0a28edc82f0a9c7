import { DEMO_API_KEY } from "../core/app.js";
import { MockApiError } from "../core/http/errors.js";
import type { StoreLimits } from "../core/store/store.js";
import type { PetstoreCloudflareEnv } from "./platform.js";

/** What a session's Durable Object reads from the Worker's env. */
export interface WorkerConfig {
  apiKeys: string[];
  /**
   * The demo key opens the Worker only on a loopback host (`wrangler dev`): no `PETSTORE_API_KEYS`, and
   * `PETSTORE_ALLOW_DEMO_KEY` not `true`.
   */
  demoKeyOnLoopbackOnly: boolean;
  corsOrigins: string[];
  limits: Partial<StoreLimits>;
  /** Idle named sessions are deleted after this long; undefined: kept. */
  sessionTtlMs: number | undefined;
  /** Extra delay before every response (`PETSTORE_DELAY_MS`). */
  delayMs: number;
  /** One line per request in the Worker's log (`PETSTORE_LOG`). */
  log: boolean;
}

/** A setting of the Worker that cannot be used: the message names the variable and what it takes. */
export class WorkerConfigError extends Error {}

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

function wholeNumber(env: PetstoreCloudflareEnv, name: keyof PetstoreCloudflareEnv, least: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") {
    return undefined;
  }
  const value = typeof raw === "number" ? raw : /^\s*\d+\s*$/.test(String(raw)) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < least) {
    throw new WorkerConfigError(`${name} must be a whole number of at least ${least} (got ${JSON.stringify(raw)})`);
  }
  return value;
}

function flag(env: PetstoreCloudflareEnv, name: keyof PetstoreCloudflareEnv): boolean {
  const raw = env[name];
  const value = typeof raw === "string" ? raw.trim().toLowerCase() : raw;
  if (value === undefined || value === "" || value === false || value === "false") {
    return false;
  }
  if (value === true || value === "true") {
    return true;
  }
  throw new WorkerConfigError(`${name} must be true or false (got ${JSON.stringify(raw)})`);
}

/**
 * Reads the mock's settings from the Worker's env: keys from the secret `PETSTORE_API_KEYS` (none: the
 * demo key, only on a loopback host unless `PETSTORE_ALLOW_DEMO_KEY` is `true`), CORS origins, lower record
 * caps and the idle-session TTL.
 */
export function readWorkerConfig(env: PetstoreCloudflareEnv): WorkerConfig {
  const apiKeys = list(env.PETSTORE_API_KEYS);
  const allowDemoKey = flag(env, "PETSTORE_ALLOW_DEMO_KEY");
  const limits: Partial<StoreLimits> = {};
  const caps = [
    ["maxPets", "PETSTORE_MAX_PETS"],
    ["maxCategories", "PETSTORE_MAX_CATEGORIES"],
    ["maxOrders", "PETSTORE_MAX_ORDERS"],
  ] as const;
  for (const [limit, name] of caps) {
    const value = wholeNumber(env, name, 0);
    if (value !== undefined) {
      limits[limit] = value;
    }
  }
  const ttlSeconds = wholeNumber(env, "PETSTORE_SESSION_TTL_SECONDS", 1);
  return {
    apiKeys: apiKeys.length ? apiKeys : [DEMO_API_KEY],
    demoKeyOnLoopbackOnly: apiKeys.length === 0 && !allowDemoKey,
    corsOrigins: list(env.PETSTORE_CORS_ORIGINS),
    limits,
    sessionTtlMs: ttlSeconds === undefined ? undefined : ttlSeconds * 1000,
    delayMs: wholeNumber(env, "PETSTORE_DELAY_MS", 0) ?? 0,
    log: flag(env, "PETSTORE_LOG"),
  };
}

/** The 500 of a Worker or session that cannot start: its settings, or what failed. */
export function startFailure(error: unknown): MockApiError {
  const reason = error instanceof WorkerConfigError ? `the Worker's settings: ${error.message}` : String(error);
  return new MockApiError(500, "INTERNAL_ERROR", `the mock could not start its session: ${reason}`);
}
