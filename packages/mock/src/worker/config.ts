import { DEMO_API_KEY } from "../core/app.js";
import type { StoreLimits } from "../core/store/store.js";
import type { PetstoreWorkerEnv } from "./platform.js";

/** What a session's Durable Object reads from the Worker's env. */
export interface WorkerConfig {
  apiKeys: string[];
  corsOrigins: string[];
  limits: Partial<StoreLimits>;
  /** Idle named sessions are deleted after this long; undefined: kept. */
  sessionTtlMs: number | undefined;
}

/** A setting of the Worker that cannot be used: the message names the variable and what it takes. */
export class WorkerConfigError extends Error {}

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

function wholeNumber(env: PetstoreWorkerEnv, name: keyof PetstoreWorkerEnv, least: number): number | undefined {
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

/**
 * Reads the mock's settings from the Worker's env: keys from the secret `PETSTORE_API_KEYS` (none: the
 * demo key, as `petstore-mock` accepts), CORS origins, lower record caps and the idle-session TTL.
 */
export function readWorkerConfig(env: PetstoreWorkerEnv): WorkerConfig {
  const apiKeys = list(env.PETSTORE_API_KEYS);
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
    corsOrigins: list(env.PETSTORE_CORS_ORIGINS),
    limits,
    sessionTtlMs: ttlSeconds === undefined ? undefined : ttlSeconds * 1000,
  };
}
