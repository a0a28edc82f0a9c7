// The options of the framework-neutral mock (createPetstoreApp), which every adapter takes, and their checks.
import type { Snapshot } from "./control/snapshot.js";
import type { StateFile } from "./control/state-file-format.js";
import type { SessionLimits } from "./sessions/session-limits.js";
import type { PetstoreSessions } from "./sessions/types.js";
import { assertNamedState, assertStateSeed, type NamedState } from "./store/named-state-names.js";
import type { PetstoreStore } from "./store/store.js";

/** A named state to start from: its name, or its name and the seed of its pseudo-random choices (default 1). */
export type NamedStateOption = NamedState | { name: NamedState; seed?: number };

export interface PetstoreMockOptions {
  /** The default session's store; by default a new one seeded with demo data. */
  store?: PetstoreStore;
  /** The sessions to serve (`X-Petstore-Session`), e.g. to share them or `subscribe`; by default new ones over `store`. */
  sessions?: PetstoreSessions;
  /** Bounds of the sessions the app creates (ignored with `sessions`, which has its own). */
  sessionLimits?: Partial<SessionLimits>;
  /** Bearer keys the mock accepts (default: `[DEMO_API_KEY]`, `"petstore-demo-key"`). */
  apiKeys?: readonly string[];
  /** The clock, for `shipDate` on fulfilment (default: the real one). */
  now?: () => Date;
  /**
   * The start data instead of the demo data: a parsed `petstore-mock --state` file (every session) or one
   * snapshot (`default`), e.g. what `petstore-verify capture` wrote. Checked as `PUT …/state` checks one:
   * if invalid, `ready` rejects with a TypeError naming the problem. `reset()` goes back to it.
   */
  initialState?: StateFile | Snapshot;
  /**
   * A named state as the start data instead of the demo data (`"sold-out"`, or `{ name: "many", seed: 7 }`; see
   * `NAMED_STATES`): put in place as `initialState` would be, so `reset()` goes back to it. Not with
   * `initialState`, `store` or `sessions` (a TypeError).
   */
  namedState?: NamedStateOption;
}

/** The name and seed of a `namedState` option, checked: a TypeError for an unknown name. */
export function readNamedStateOption(
  option: NamedStateOption,
  what = "namedState",
): { name: NamedState; seed?: number } {
  const target = typeof option === "object" && option !== null ? option : { name: option };
  assertNamedState(target.name, `a named state (${what})`);
  assertStateSeed(target.seed, what);
  return target;
}

/** Refuses options that cannot go together, before anything is created. */
export function checkStartOptions(options: PetstoreMockOptions): void {
  if (options.sessions && options.store && options.store !== options.sessions.defaultStore) {
    throw new TypeError("createPetstoreApp(): give either store or sessions, whose defaultStore is the store served");
  }
  if (options.namedState !== undefined) {
    const other =
      options.initialState !== undefined
        ? "initialState"
        : options.store
          ? "store"
          : options.sessions
            ? "sessions"
            : undefined;
    if (other) {
      throw new TypeError(`createPetstoreApp(): give either namedState or ${other}, which holds its own start data`);
    }
    readNamedStateOption(options.namedState);
  }
}
