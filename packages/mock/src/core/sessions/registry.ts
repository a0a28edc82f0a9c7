import { assertSessionName, DEFAULT_SESSION } from "./session-name.js";
import { type Session, SessionTable } from "./session-table.js";
import type { PetstoreSessions, PetstoreSessionsOptions, SessionResetTarget } from "./types.js";

/** What resets and replaces a session, loaded with the first one: serving requests needs none of it. */
const loadChanges = () => import("./session-changes.js");

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
  const reset = async (name: string, to?: SessionResetTarget) => (await loadChanges()).resetSession(table, name, to);
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
    replace: async (name, snapshot) => (await loadChanges()).replaceSession(table, name, snapshot),
    change: async (name, edit) => (await loadChanges()).changeSession(table, name, edit),
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
