import type { StoreSnapshot } from "../core/store/store.js";

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

/**
 * The store's state as Web Storage keeps it between page loads, under `key` (which also names the
 * tabs' channel and locks). Storage failures are swallowed: over the quota, or with storage off, the
 * tabs still share the state and only a reload loses it.
 */
export class SavedState {
  readonly key: string;
  readonly #storage: Storage;

  constructor(persist: true | PersistOptions, defaultKey: string) {
    const settings = persist === true ? {} : persist;
    const storageKind = settings.storage ?? "session";
    if (storageKind !== "session" && storageKind !== "local") {
      throw new TypeError(
        `setupPetstoreServiceWorker(): persist.storage must be "session" or "local" (got ${storageKind})`,
      );
    }
    this.key = settings.key ?? defaultKey;
    this.#storage = storageKind === "local" ? window.localStorage : window.sessionStorage;
  }

  /** The state saved by an earlier page load, if any (and readable). */
  read(): Saved | undefined {
    try {
      const raw = this.#storage.getItem(this.key);
      return raw ? (JSON.parse(raw) as Saved) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps `snapshot` (JSON) at `version`, or drops what is kept when the state was `cleared` (reset). */
  write(version: number, snapshot: string, cleared: boolean): void {
    try {
      if (cleared) {
        this.#storage.removeItem(this.key);
      } else {
        this.#storage.setItem(this.key, `{"version":${version},"snapshot":${snapshot}}`);
      }
    } catch {
      // Over the storage quota, or storage is off: the tabs still share the state, a reload loses it.
    }
  }
}
