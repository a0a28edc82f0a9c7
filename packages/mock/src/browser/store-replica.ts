import { seed } from "../core/store/seed.js";
import type { PetstoreStore, StoreSnapshot } from "../core/store/store.js";
import type { SavedState } from "./saved-state.js";
import { type StateMessage, TabGroup, type TabState } from "./tabs.js";

/**
 * This tab's copy of the state the tabs of one key share: the version it holds, kept in step with
 * storage and the other tabs. Every write runs under one Web Lock for all of them (`locked`).
 */
export class StoreReplica implements TabState {
  readonly #inner: PetstoreStore;
  readonly #saved: SavedState;
  readonly #seedDemoData: boolean;
  readonly #tabs: TabGroup;
  #version = 0;
  /** The state as this tab last saved or sent it (a JSON snapshot). */
  #published = "";
  #started = false;
  #seededHere = false;

  constructor(inner: PetstoreStore, saved: SavedState, seedDemoData: boolean) {
    this.#inner = inner;
    this.#saved = saved;
    this.#seedDemoData = seedDemoData;
    this.#tabs = new TabGroup(saved.key, this);
  }

  current(): { version: number; snapshot: string } | undefined {
    return this.#started ? { version: this.#version, snapshot: this.#published } : undefined;
  }

  async change(message: StateMessage): Promise<void> {
    if (this.#started && message.version > this.#version) {
      await this.#apply(message);
    }
  }

  /** Runs `task` under the lock every tab of this key takes to write. */
  locked<T>(task: () => Promise<T>): Promise<T> {
    return navigator.locks.request(`${this.#saved.key} write`, { mode: "exclusive" }, task) as Promise<T>;
  }

  /** Brings the state in: from another tab, else from storage, else the demo data. */
  async start(): Promise<void> {
    await this.#tabs.register();
    await this.locked(async () => {
      const fromOtherTab = await this.#tabs.askOtherTabs();
      if (fromOtherTab) {
        await this.#apply(fromOtherTab);
      } else {
        await this.#load();
        this.#published = JSON.stringify(this.#inner.snapshot());
      }
      this.#started = true;
    });
  }

  /** Saves and sends the state when it changed (or was reset), then waits until every other tab has it. */
  async publish(cleared = false): Promise<void> {
    const current = JSON.stringify(this.#inner.snapshot());
    if (!cleared && current === this.#published) {
      return;
    }
    this.#version++;
    this.#published = current;
    this.#saved.write(this.#version, current, cleared);
    await this.#tabs.send(this.#version, current, cleared);
  }

  /** Back to the demo data: the seeded baseline, seeded now if this tab took its state from elsewhere. */
  async resetToDemoData(): Promise<void> {
    await this.#inner.reset();
    if (this.#seedDemoData && !this.#seededHere) {
      await seed(this.#inner);
      this.#seededHere = true;
    }
  }

  async #apply(message: StateMessage): Promise<void> {
    this.#version = message.version;
    await this.#inner.restore(JSON.parse(message.snapshot) as StoreSnapshot);
    this.#published = message.snapshot;
    this.#saved.write(this.#version, this.#published, message.cleared);
  }

  /** The state an earlier page load saved, else the demo data (when asked for). */
  async #load(): Promise<void> {
    const saved = this.#saved.read();
    const restored =
      saved !== undefined &&
      (await this.#inner.restore(saved.snapshot).then(
        () => true,
        // Saved by another version of the mock, or edited: start again from the demo data.
        () => this.#inner.reset().then(() => false),
      ));
    if (restored) {
      this.#version = saved.version;
    } else if (this.#seedDemoData) {
      // Nothing saved yet: the demo data, which is also what reset() goes back to.
      await seed(this.#inner);
      this.#seededHere = true;
    }
  }
}
