// Opt-in persistence and tab sync for the browser mock (`setupPetstoreServiceWorker({ persist: true })`).
//
// Built on the store's own snapshot()/restore(), Web Storage, a BroadcastChannel and the Web Locks API
// rather than @msw/data's persist() and sync() extensions: those write only on `unload`, hydrate and sync
// through `collection.create()` behind the tables' indexes and key counters, see no in-place update (the
// tables change records in place, which fires no hook, so a stock change would never reach another tab),
// name collections by a page-wide counter, know no reset, and give no cross-tab atomicity.
import type { PetstoreStore } from "../core/store/store.js";
import { type PersistOptions, SavedState } from "./saved-state.js";

export type { PersistOptions } from "./saved-state.js";

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
 * in whichever tab, starts from it. The replica and the tabs' protocol are loaded on the first use, with `ready`,
 * which every write awaits: a page that does not persist never loads them.
 */
export function persistStore(
  inner: PetstoreStore,
  options: { persist: true | PersistOptions; key: string; seedDemoData: boolean },
): PersistentStore {
  const saved = new SavedState(options.persist, options.key);
  const replicaLoaded = import("./store-replica.js").then(
    ({ StoreReplica }) => new StoreReplica(inner, saved, options.seedDemoData),
  );
  const ready = replicaLoaded.then((replica) => replica.start());
  /** Runs `task` once the state is in, under the lock every tab takes to write. */
  const locked = async <T>(task: (replica: Awaited<typeof replicaLoaded>) => Promise<T>): Promise<T> => {
    await ready;
    const replica = await replicaLoaded;
    return replica.locked(() => task(replica));
  };
  const store: PetstoreStore = {
    ...inner,
    exclusive: (change) =>
      locked(async (replica) => {
        try {
          return await inner.exclusive(change);
        } finally {
          await replica.publish();
        }
      }),
    restore: (snapshot) =>
      locked(async (replica) => {
        await inner.restore(snapshot);
        await replica.publish();
      }),
    reset: () =>
      locked(async (replica) => {
        await replica.resetToDemoData();
        await replica.publish(true);
      }),
  };
  return { store, ready, reset: store.reset };
}
