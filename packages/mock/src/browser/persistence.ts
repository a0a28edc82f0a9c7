// Opt-in persistence and tab sync for the browser mock (`setupPetstoreServiceWorker({ persist: true })`).
//
// Built on the store's own snapshot()/restore(), Web Storage, a BroadcastChannel and the Web Locks API
// rather than @msw/data's persist() and sync() extensions: those write only on `unload`, hydrate and sync
// through `collection.create()` behind the tables' indexes and key counters, see no in-place update (the
// tables change records in place, which fires no hook, so a stock change would never reach another tab),
// name collections by a page-wide counter, know no reset, and give no cross-tab atomicity.
import { seed } from "../core/store/seed.js";
import type { PetstoreStore, StoreSnapshot } from "../core/store/store.js";
import { joinTabs, type StateMessage } from "./tabs.js";

/** Where `persist` keeps the store between page loads. */
export interface PersistOptions {
  /**
   * `"session"` (default): sessionStorage, kept across reloads of a tab and dropped when it closes;
   * `"local"`: localStorage, kept until `reset()` or the site's data is cleared.
   */
  storage?: "session" | "local";
  /** The storage key and the name of the channel and locks (default: `@petstore/mock ` + the base URL). */
  key?: string;
}

interface Saved {
  version: number;
  snapshot: StoreSnapshot;
}

export interface PersistentStore {
  /** The store the app serves: its `exclusive` also takes the cross-tab lock. */
  readonly store: PetstoreStore;
  /** Resolves once the state is in: from another tab, from storage, or the demo data. */
  readonly ready: Promise<void>;
  /** Back to the demo data (or the given store's baseline) in every tab, with the saved state dropped. */
  reset(): Promise<void>;
}

/** Whether this environment has what persistence needs (a page with storage, channels and locks). */
export function canPersist(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof BroadcastChannel !== "undefined" &&
    typeof navigator !== "undefined" &&
    typeof navigator.locks?.request === "function"
  );
}

/**
 * Wraps a store so that its state survives reloads and is shared by every tab of the origin that uses
 * the same key. Every operation runs under one Web Lock for all those tabs; a change is saved,
 * broadcast, and applied by every other live tab before the lock is released, so the next operation,
 * in whichever tab, starts from it.
 */
export function persistStore(
  inner: PetstoreStore,
  options: { persist: true | PersistOptions; key: string; seedDemoData: boolean },
): PersistentStore {
  const settings = options.persist === true ? {} : options.persist;
  const storageKind = settings.storage ?? "session";
  if (storageKind !== "session" && storageKind !== "local") {
    throw new TypeError(
      `setupPetstoreServiceWorker(): persist.storage must be "session" or "local" (got ${storageKind})`,
    );
  }
  const key = settings.key ?? options.key;
  const storage = storageKind === "local" ? window.localStorage : window.sessionStorage;
  const writeLock = `${key} write`;

  let version = 0;
  /** The state as this tab last saved or sent it (a JSON snapshot). */
  let published = "";
  let started = false;
  let seededHere = false;

  const save = (cleared: boolean) => {
    try {
      if (cleared) {
        storage.removeItem(key);
      } else {
        storage.setItem(key, `{"version":${version},"snapshot":${published}}`);
      }
    } catch {
      // Over the storage quota, or storage is off: the tabs still share the state, a reload loses it.
    }
  };

  const apply = async (message: StateMessage) => {
    version = message.version;
    await inner.restore(JSON.parse(message.snapshot) as StoreSnapshot);
    published = message.snapshot;
    save(message.cleared);
  };

  const tabs = joinTabs(key, {
    current: () => (started ? { version, snapshot: published } : undefined),
    change: async (message) => {
      if (started && message.version > version) {
        await apply(message);
      }
    },
  });

  /** Saves and sends the state when it changed (or was reset), then waits until every other tab has it. */
  const publish = async (cleared = false) => {
    const current = JSON.stringify(inner.snapshot());
    if (!cleared && current === published) {
      return;
    }
    version++;
    published = current;
    save(cleared);
    await tabs.send(version, current, cleared);
  };

  /** The state saved by an earlier page load, if any (and readable). */
  const readSaved = (): Saved | undefined => {
    try {
      const raw = storage.getItem(key);
      return raw ? (JSON.parse(raw) as Saved) : undefined;
    } catch {
      return undefined;
    }
  };

  const withLock = <T>(task: () => Promise<T>): Promise<T> =>
    navigator.locks.request(writeLock, { mode: "exclusive" }, task) as Promise<T>;

  const ready = (async () => {
    await tabs.register();
    await withLock(async () => {
      const fromOtherTab = await tabs.askOtherTabs();
      if (fromOtherTab) {
        await apply(fromOtherTab);
      } else {
        const saved = readSaved();
        const restored =
          saved !== undefined &&
          (await inner.restore(saved.snapshot).then(
            () => true,
            // Saved by another version of the mock, or edited: start again from the demo data.
            () => inner.reset().then(() => false),
          ));
        if (restored) {
          version = saved.version;
        } else if (options.seedDemoData) {
          // Nothing saved yet: the demo data, which is also what reset() goes back to.
          await seed(inner);
          seededHere = true;
        }
        published = JSON.stringify(inner.snapshot());
      }
      started = true;
    });
  })();

  /** Back to the demo data: the seeded baseline, seeded now if this tab took its state from elsewhere. */
  const resetInner = async () => {
    await inner.reset();
    if (options.seedDemoData && !seededHere) {
      await seed(inner);
      seededHere = true;
    }
  };

  const store: PetstoreStore = {
    ...inner,
    exclusive: async <T>(change: () => Promise<T> | T): Promise<T> => {
      await ready;
      return withLock(async () => {
        try {
          return await inner.exclusive(change);
        } finally {
          await publish();
        }
      });
    },
    restore: async (snapshot) => {
      await ready;
      await withLock(async () => {
        await inner.restore(snapshot);
        await publish();
      });
    },
    reset: async () => {
      await ready;
      await withLock(async () => {
        await resetInner();
        await publish(true);
      });
    },
  };

  return { store, ready, reset: store.reset };
}
