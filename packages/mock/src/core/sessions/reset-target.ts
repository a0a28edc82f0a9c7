// What a session reset puts in place (`PetstoreSessions.reset`): nothing, demo data of N pets, or a named state.
import type { StoreSnapshot } from "../store/store.js";
import type { SessionResetTarget } from "./types.js";

export const EMPTY: StoreSnapshot = {
  categories: { records: [], nextKey: 1 },
  pets: { records: [], nextKey: 1 },
  orders: { records: [], nextKey: 1 },
  inventory: { records: [], nextKey: 1 },
};

/** A named state's records, built only when one is asked for (the generator is loaded then). */
export const namedStoreSnapshot = async (to?: SessionResetTarget) =>
  to && "namedState" in to
    ? (await import("../store/named-states.js")).namedStateStoreSnapshot(to.namedState, { seed: to.seed })
    : undefined;
/** How many demo pets a reset seeds (`{ seed: N }`). */
export const demoPets = (to?: SessionResetTarget) =>
  to && "seed" in to && !("namedState" in to) ? to.seed : undefined;

/** Demo data of `pets` pets holds at most this many records (6 categories, each pet, one order each). */
export const seededRecordsAtMost = (pets: number) => 6 + 2 * pets;
