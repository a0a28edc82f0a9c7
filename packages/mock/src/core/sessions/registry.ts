import { seed } from "../store/seed.js";
import { createPetstoreStore, type PetstoreStore, type StoreSnapshot } from "../store/store.js";
import { RecordBudget, recordsOfSnapshot, recordsOfStore } from "./record-budget.js";
import { demoPets, EMPTY, namedStoreSnapshot, seededRecordsAtMost } from "./reset-target.js";
import { LIBRARY_LIMIT_NAMES, sessionLimits, tooManyRecords, tooManySessions } from "./session-limits.js";
import { assertSessionName, DEFAULT_SESSION } from "./session-name.js";
import type { PetstoreSessions, PetstoreSessionsOptions, SessionResetTarget } from "./types.js";

interface Session {
  readonly store: PetstoreStore;
  /** Settles once the start data is in. */
  readonly ready: Promise<void>;
  readonly createdAt: number;
  lastUsedAt: number;
}

/**
 * The sessions of one mock: the default session over `store`, and a store per other name, created
 * with the start data on first use. Each store has its own `exclusive` queue, so sessions run
 * concurrently; all draw from one record budget, and their number is bounded.
 * @example
 * const sessions = createPetstoreSessions({ store, limits: { maxSessions: 10 } });
 * const store = await sessions.open("checkout-test");
 */
export function createPetstoreSessions(options: PetstoreSessionsOptions = {}): PetstoreSessions {
  const limits = sessionLimits(options.limits);
  const names = { ...LIBRARY_LIMIT_NAMES, ...options.limitNames };
  const now = options.now ?? Date.now;
  const budget = new RecordBudget(limits.maxRecords, () => tooManyRecords(limits.maxRecords, names));
  const defaultStore = options.store ?? createPetstoreStore();
  budget.join(defaultStore);
  const sessions = new Map<string, Session>([
    [DEFAULT_SESSION, { store: defaultStore, ready: Promise.resolve(), createdAt: now(), lastUsedAt: now() }],
  ]);
  const listeners = new Set<(name: string) => void>();
  const startData = () => defaultStore.baseline();
  const notifyChange = (name: string) => {
    const session = sessions.get(name);
    if (session) {
      session.lastUsedAt = now();
    }
    for (const listener of listeners) {
      listener(name);
    }
  };

  /** Evicts the sessions idle past the TTL; run before a session is looked up or listed. */
  function evictIdle(): void {
    if (limits.idleTtlMs === undefined) {
      return;
    }
    const oldest = now() - limits.idleTtlMs;
    for (const [name, session] of sessions) {
      if (name !== DEFAULT_SESSION && session.lastUsedAt <= oldest) {
        remove(name, session);
      }
    }
  }

  function remove(name: string, session: Session): void {
    sessions.delete(name);
    budget.leave(session.store);
    notifyChange(name);
  }

  /** Creates a session holding `initial` (507 past a bound, before anything is created). */
  function create(name: string, initial: StoreSnapshot | undefined): Session {
    if (sessions.size >= limits.maxSessions) {
      throw tooManySessions(limits.maxSessions, names);
    }
    const records = recordsOfSnapshot(initial);
    if (!budget.fits(records)) {
      throw tooManyRecords(limits.maxRecords, names);
    }
    const store = createPetstoreStore({
      limits: {
        maxCategories: defaultStore.categories.capacity,
        maxPets: defaultStore.pets.capacity,
        maxOrders: defaultStore.orders.capacity,
      },
    });
    budget.join(store);
    // The start data counts from now, so concurrent creations cannot pass the bound while it loads.
    const release = budget.reserve(records);
    const ready = initial ? store.restore(initial).finally(release) : Promise.resolve(release());
    const session: Session = { store, ready, createdAt: now(), lastUsedAt: now() };
    sessions.set(name, session);
    return session;
  }

  /** The live session, or a new one with the start data. */
  function sessionOf(name: string): Session {
    assertSessionName(name);
    evictIdle();
    return sessions.get(name) ?? create(name, startData());
  }

  /** Refuses a change that would leave the session with `records` records past the budget. */
  function assertFits(session: Session, records: number): void {
    if (!budget.fits(records - recordsOfStore(session.store))) {
      throw tooManyRecords(limits.maxRecords, names);
    }
  }

  async function reset(name: string, to?: SessionResetTarget): Promise<void> {
    assertSessionName(name);
    const named = await namedStoreSnapshot(to);
    const pets = demoPets(to);
    evictIdle();
    const existing = sessions.get(name);
    const initial = named ?? (to ? EMPTY : startData());
    const records = pets !== undefined ? seededRecordsAtMost(pets) : recordsOfSnapshot(initial);
    if (!existing && !budget.fits(records)) {
      throw tooManyRecords(limits.maxRecords, names);
    }
    const session = existing ?? create(name, initial);
    await session.ready;
    if (existing) {
      assertFits(session, records);
      if (to === undefined && name === DEFAULT_SESSION) {
        await defaultStore.reset();
      } else {
        await session.store.restore(initial ?? EMPTY);
      }
    }
    if (named) {
      session.store.markBaseline();
    } else if (pets !== undefined) {
      await seed(session.store, { pets });
    }
    notifyChange(name);
  }

  return {
    limits,
    defaultStore,
    async open(name) {
      const session = sessionOf(name);
      session.lastUsedAt = now();
      await session.ready;
      return session.store;
    },
    get: (name) => sessions.get(name)?.store,
    list() {
      evictIdle();
      return [...sessions].map(([name, session]) => ({
        name,
        records: {
          categories: session.store.categories.size,
          pets: session.store.pets.size,
          orders: session.store.orders.size,
        },
        createdAt: new Date(session.createdAt).toISOString(),
        lastUsedAt: new Date(session.lastUsedAt).toISOString(),
      }));
    },
    reset,
    async replace(name, snapshot) {
      assertSessionName(name);
      evictIdle();
      const existing = sessions.get(name);
      const session = existing ?? create(name, snapshot);
      await session.ready;
      if (existing) {
        assertFits(session, recordsOfSnapshot(snapshot));
        await session.store.restore(snapshot);
      }
      notifyChange(name);
    },
    async delete(name) {
      assertSessionName(name);
      if (name === DEFAULT_SESSION) {
        await reset(name);
        return true;
      }
      const session = sessions.get(name);
      if (!session) {
        return false;
      }
      remove(name, session);
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notifyChange,
  };
}
