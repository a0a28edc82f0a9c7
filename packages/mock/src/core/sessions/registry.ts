import { seed } from "../store/seed.js";
import type { StoreSnapshot } from "../store/store.js";
import { recordsOfSnapshot } from "./record-budget.js";
import { demoPets, EMPTY, namedStoreSnapshot, seededRecordsAtMost } from "./reset-target.js";
import { assertSessionName, DEFAULT_SESSION } from "./session-name.js";
import { type Session, SessionTable } from "./session-table.js";
import type { PetstoreSessions, PetstoreSessionsOptions, SessionResetTarget } from "./types.js";

/**
 * The sessions of one mock: the default session over `store`, and a store per other name, created
 * with the start data on first use. Each store has its own `exclusive` queue, so sessions run
 * concurrently; all draw from one record budget, and their number is bounded.
 * @example
 * const sessions = createPetstoreSessions({ store, limits: { maxSessions: 10 } });
 * const store = await sessions.open("checkout-test");
 */
export function createPetstoreSessions(options: PetstoreSessionsOptions = {}): PetstoreSessions {
  const table = new SessionTable(options);
  const { defaultStore } = table;
  // Every new session starts from the default store's start data (its baseline), read when the session is made.
  const sessionOf = (name: string): Session => table.live(name) ?? table.create(name, defaultStore.baseline());
  const reset = (name: string, to?: SessionResetTarget) => resetSession(table, name, to);
  return {
    limits: table.limits,
    defaultStore,
    async open(name) {
      const session = sessionOf(name);
      session.lastUsedAt = table.now();
      await session.ready;
      return session.store;
    },
    get: (name) => table.peek(name)?.store,
    list: () => table.list(),
    reset,
    replace: (name, snapshot) => replaceSession(table, name, snapshot),
    async delete(name) {
      assertSessionName(name);
      if (name === DEFAULT_SESSION) {
        await reset(name);
        return true;
      }
      const session = table.peek(name);
      if (!session) {
        return false;
      }
      table.remove(name, session);
      return true;
    },
    subscribe: (listener) => table.subscribe(listener),
    notifyChange: (name) => table.notifyChange(name),
    startRecipe: () => table.startRecipe(),
  };
}

/** Back to the start data, or to `to`; creates the session if missing (`sessions.reset`). */
async function resetSession(table: SessionTable, name: string, to?: SessionResetTarget): Promise<void> {
  assertSessionName(name);
  const named = await namedStoreSnapshot(to);
  const pets = demoPets(to);
  const existing = table.live(name);
  const initial = named ?? (to ? EMPTY : table.defaultStore.baseline());
  const records = pets !== undefined ? seededRecordsAtMost(pets) : recordsOfSnapshot(initial);
  if (!existing) {
    table.assertRoomFor(records);
  }
  const session = existing ?? table.create(name, initial);
  await session.ready;
  if (existing) {
    table.assertFits(session, records);
    if (to === undefined && name === DEFAULT_SESSION) {
      await table.defaultStore.reset();
    } else {
      await session.store.restore(initial ?? EMPTY);
    }
  }
  if (named) {
    session.store.markBaseline();
  } else if (pets !== undefined) {
    await seed(session.store, { pets });
  }
  if (name === DEFAULT_SESSION && (named || pets !== undefined)) {
    // `default`'s new baseline is the start data from now on: how it was made goes with it.
    table.madeStartData(to!);
  }
  table.notifyChange(name);
}

/** Puts a snapshot's records in the session, creating it if missing (`sessions.replace`). */
async function replaceSession(table: SessionTable, name: string, snapshot: StoreSnapshot): Promise<void> {
  const existing = table.live(name);
  const session = existing ?? table.create(name, snapshot);
  await session.ready;
  if (existing) {
    table.assertFits(session, recordsOfSnapshot(snapshot));
    await session.store.restore(snapshot);
  }
  table.notifyChange(name);
}
