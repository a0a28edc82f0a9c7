import type { NamedState } from "../store/named-state-names.js";
import type { PetstoreStore, StoreSnapshot } from "../store/store.js";
import type { SessionLimitNames, SessionLimits } from "./session-limits.js";

export interface PetstoreSessionsOptions {
  /** The default session's store (default: a new empty one); its baseline is every new session's start data. */
  store?: PetstoreStore;
  limits?: Partial<SessionLimits>;
  /** What the 507 messages call each limit, e.g. the CLI's flags (default: the names of `limits`). */
  limitNames?: Partial<SessionLimitNames>;
  /** The clock in milliseconds, for `createdAt`, `lastUsedAt` and eviction (default `Date.now`). */
  now?: () => number;
  /**
   * How the store's baseline (the start data) was made, e.g. `{ seed: 20 }`: what `startRecipe()` answers, and
   * what a `--state` file records so that the start data is the same after a restart.
   */
  start?: SessionResetTarget;
}

export interface SessionSummary {
  name: string;
  records: { categories: number; pets: number; orders: number };
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601: the last request served, or change (for `default`, the last change only: requests without the header cost nothing). */
  lastUsedAt: string;
}

/**
 * What `reset` puts a session back to: the start data (none given), demo data of N pets, nothing, or a named
 * state (with the seed of its pseudo-random choices, default 1).
 */
export type SessionResetTarget = { seed: number } | { empty: true } | { namedState: NamedState; seed?: number };

/** The isolated stores of one mock, by session name (the `X-Petstore-Session` header). */
export interface PetstoreSessions {
  readonly limits: Readonly<SessionLimits>;
  /** The store of the session `default`. */
  readonly defaultStore: PetstoreStore;
  /** The session's store, created with the start data on first use (507 past a bound); marks it used. */
  open(name: string): Promise<PetstoreStore>;
  /** The session's store if it is live; creates nothing. */
  get(name: string): PetstoreStore | undefined;
  /** The live sessions, `default` first, then in order of creation. */
  list(): SessionSummary[];
  /** Back to the start data, or to `to`; creates the session if missing. `{ seed }` or `{ namedState }` on `default` also makes that the start data. */
  reset(name: string, to?: SessionResetTarget): Promise<void>;
  /** Puts a snapshot's records in the session (creating it if missing); the caller validates the snapshot. */
  replace(name: string, snapshot: StoreSnapshot): Promise<void>;
  /**
   * Puts `edit` of the session's records in it as one change: no request of the session runs in between, and an
   * `edit` that throws (the caller checks its result) changes nothing. A missing session is made from the start data.
   */
  change(name: string, edit: (state: StoreSnapshot) => StoreSnapshot): Promise<void>;
  /** Deletes a session and its records; true if it was live. `default` cannot go: it is reset instead. */
  delete(name: string): Promise<boolean>;
  /** Calls `listener` after every change that committed to a session; returns the unsubscribe function. */
  subscribe(listener: (name: string) => void): () => void;
  /** Tells subscribers that a session changed (the app calls it after every successful write). */
  notifyChange(name: string): void;
  /**
   * How the start data is made (the `start` option, or the last `{ seed }` or `{ namedState }` reset of `default`);
   * undefined when not known (the default store's baseline was made otherwise, e.g. by a `seed()` of yours).
   */
  startRecipe?(): SessionResetTarget | undefined;
}
