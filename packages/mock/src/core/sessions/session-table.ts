// The live sessions of one mock and what bounds them: their number, their records together (one budget), and
// how long an unused one lives. `createPetstoreSessions` is the public face of this table.
import { createPetstoreStore, type PetstoreStore, type StoreSnapshot } from "../store/store.js";
import { RecordBudget, recordsOfSnapshot, recordsOfStore } from "./record-budget.js";
import {
  LIBRARY_LIMIT_NAMES,
  type SessionLimitNames,
  type SessionLimits,
  sessionLimits,
  tooManyRecords,
  tooManySessions,
} from "./session-limits.js";
import { assertSessionName, DEFAULT_SESSION } from "./session-name.js";
import type { PetstoreSessionsOptions, SessionResetTarget, SessionSummary } from "./types.js";

export interface Session {
  readonly store: PetstoreStore;
  /** Settles once the start data is in. */
  readonly ready: Promise<void>;
  readonly createdAt: number;
  lastUsedAt: number;
}

/** The sessions by name, `default` first; every store in it draws from one record budget. */
export class SessionTable {
  readonly limits: Readonly<SessionLimits>;
  readonly defaultStore: PetstoreStore;
  readonly now: () => number;
  readonly #names: SessionLimitNames;
  readonly #budget: RecordBudget;
  readonly #sessions: Map<string, Session>;
  readonly #listeners = new Set<(name: string) => void>();
  /** How the default store's baseline was made, and that baseline: the recipe holds while the baseline is it. */
  #start: { recipe: SessionResetTarget; baseline: StoreSnapshot | undefined } | undefined;

  constructor(options: PetstoreSessionsOptions) {
    this.limits = sessionLimits(options.limits);
    this.#names = { ...LIBRARY_LIMIT_NAMES, ...options.limitNames };
    this.now = options.now ?? Date.now;
    this.#budget = new RecordBudget(this.limits.maxRecords, () => this.tooManyRecords());
    this.defaultStore = options.store ?? createPetstoreStore();
    this.#budget.join(this.defaultStore);
    const at = this.now();
    this.#sessions = new Map([
      [DEFAULT_SESSION, { store: this.defaultStore, ready: Promise.resolve(), createdAt: at, lastUsedAt: at }],
    ]);
    if (options.start) {
      this.madeStartData(options.start);
    }
  }

  /** Notes that the default store's current baseline was made by `recipe`. */
  madeStartData(recipe: SessionResetTarget): void {
    this.#start = { recipe, baseline: this.defaultStore.baseline() };
  }

  /** How the start data was made, while the default store's baseline is still the one it made. */
  startRecipe(): SessionResetTarget | undefined {
    return this.#start && this.#start.baseline === this.defaultStore.baseline() ? this.#start.recipe : undefined;
  }

  /** The 507 of a change past the records of all sessions together. */
  tooManyRecords(): Error {
    return tooManyRecords(this.limits.maxRecords, this.#names);
  }

  /** The live session `name`, after the idle ones are gone; undefined if there is none. */
  live(name: string): Session | undefined {
    assertSessionName(name);
    this.evictIdle();
    return this.#sessions.get(name);
  }

  /** The session if live (nothing evicted, nothing checked). */
  peek(name: string): Session | undefined {
    return this.#sessions.get(name);
  }

  /** Creates a session holding `initial` (507 past a bound, before anything is created). */
  create(name: string, initial: StoreSnapshot | undefined): Session {
    if (this.#sessions.size >= this.limits.maxSessions) {
      throw tooManySessions(this.limits.maxSessions, this.#names);
    }
    const records = recordsOfSnapshot(initial);
    this.assertRoomFor(records);
    const { categories, pets, orders } = this.defaultStore;
    const store = createPetstoreStore({
      limits: { maxCategories: categories.capacity, maxPets: pets.capacity, maxOrders: orders.capacity },
    });
    this.#budget.join(store);
    // The start data counts from now, so concurrent creations cannot pass the bound while it loads.
    const release = this.#budget.reserve(records);
    const ready = initial ? store.restore(initial).finally(release) : Promise.resolve(release());
    const session: Session = { store, ready, createdAt: this.now(), lastUsedAt: this.now() };
    this.#sessions.set(name, session);
    return session;
  }

  /** Refuses `records` more records past the budget. */
  assertRoomFor(records: number): void {
    if (!this.#budget.fits(records)) {
      throw this.tooManyRecords();
    }
  }

  /** Refuses a change that would leave `session` with `records` records past the budget. */
  assertFits(session: Session, records: number): void {
    this.assertRoomFor(records - recordsOfStore(session.store));
  }

  remove(name: string, session: Session): void {
    this.#sessions.delete(name);
    this.#budget.leave(session.store);
    this.notifyChange(name);
  }

  /** Evicts the sessions idle past the TTL; run before a session is looked up or listed. */
  evictIdle(): void {
    if (this.limits.idleTtlMs === undefined) {
      return;
    }
    const oldest = this.now() - this.limits.idleTtlMs;
    for (const [name, session] of this.#sessions) {
      if (name !== DEFAULT_SESSION && session.lastUsedAt <= oldest) {
        this.remove(name, session);
      }
    }
  }

  /** The live sessions, `default` first, then in order of creation. */
  list(): SessionSummary[] {
    this.evictIdle();
    return [...this.#sessions].map(([name, { store, createdAt, lastUsedAt }]) => ({
      name,
      records: { categories: store.categories.size, pets: store.pets.size, orders: store.orders.size },
      createdAt: new Date(createdAt).toISOString(),
      lastUsedAt: new Date(lastUsedAt).toISOString(),
    }));
  }

  subscribe(listener: (name: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Marks the session used and tells the subscribers it changed. */
  notifyChange(name: string): void {
    const session = this.#sessions.get(name);
    if (session) {
      session.lastUsedAt = this.now();
    }
    for (const listener of this.#listeners) {
      listener(name);
    }
  }
}
