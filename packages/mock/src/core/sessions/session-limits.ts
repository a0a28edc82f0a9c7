import { MockApiError } from "../http/errors.js";

/** The bounds of a mock's sessions, so that no sequence of requests can exhaust its memory. */
export interface SessionLimits {
  /** Live sessions at most, `default` included (default 100). */
  maxSessions: number;
  /**
   * Records (categories, pets and orders) of all sessions together at most (default 250,000: a
   * record costs about 1.75 KB with its indexes and stock entry, measured at 100,000 seeded pets,
   * so the default keeps a mock under about 450 MB).
   */
  maxRecords: number;
  /** Sessions unused this long are evicted, `default` never; undefined (the default) keeps them all. */
  idleTtlMs: number | undefined;
}

export const DEFAULT_SESSION_LIMITS: Readonly<SessionLimits> = {
  maxSessions: 100,
  maxRecords: 250_000,
  idleTtlMs: undefined,
};

/** What the 507 messages call each limit: the CLI's flags, or by default the library's options. */
export interface SessionLimitNames {
  maxSessions: string;
  maxRecords: string;
}

export const LIBRARY_LIMIT_NAMES: Readonly<SessionLimitNames> = {
  maxSessions: "limits.maxSessions of createPetstoreSessions()",
  maxRecords: "limits.maxRecords of createPetstoreSessions()",
};

/** The limits with their defaults filled in, each checked. */
export function sessionLimits(limits: Partial<SessionLimits> = {}): SessionLimits {
  const result: SessionLimits = { ...DEFAULT_SESSION_LIMITS, ...limits };
  for (const name of ["maxSessions", "maxRecords"] as const) {
    if (!Number.isInteger(result[name]) || result[name] < 1) {
      throw new TypeError(
        `createPetstoreSessions(): limits.${name} must be a whole number, 1 or more (got ${result[name]})`,
      );
    }
  }
  const ttl = result.idleTtlMs;
  if (ttl !== undefined && (!Number.isFinite(ttl) || ttl <= 0)) {
    throw new TypeError(
      `createPetstoreSessions(): limits.idleTtlMs must be a number of milliseconds above 0 (got ${ttl})`,
    );
  }
  return result;
}

/** The 507 of a new session past `maxSessions`. */
export const tooManySessions = (max: number, names: SessionLimitNames) =>
  new MockApiError(
    507,
    "MOCK_LIMIT_REACHED",
    `the mock already holds its maximum of ${max} sessions (${names.maxSessions}); delete a session first, or raise ${names.maxSessions}`,
  );

/** The 507 of a change past `maxRecords`. */
export const tooManyRecords = (max: number, names: SessionLimitNames) =>
  new MockApiError(
    507,
    "MOCK_LIMIT_REACHED",
    `the mock already holds its maximum of ${max} records (categories, pets and orders) across all sessions (${names.maxRecords}); delete records or sessions first, or raise ${names.maxRecords}`,
  );
