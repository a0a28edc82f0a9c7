import type { DurableObjectStorageLike } from "./platform.js";

/**
 * When an idle named session is deleted: an alarm `ttl` after its last request. The alarm moves only when
 * it would move by more than a tenth of the TTL, so reads cost no storage write each; a session is deleted
 * between 0.9 and 1 TTL after its last use (never earlier than 0.9 TTL, even after the object restarted).
 */
export class IdleExpiry {
  readonly #storage: DurableObjectStorageLike;
  #alarmAt: number | undefined;
  #lastUsedAt: number | undefined;

  constructor(storage: DurableObjectStorageLike) {
    this.#storage = storage;
  }

  /** Records a request now; sets or moves the alarm when due. */
  async used(ttlMs: number): Promise<void> {
    const now = Date.now();
    this.#lastUsedAt = now;
    if (this.#alarmAt === undefined || now + ttlMs - this.#alarmAt > ttlMs / 10) {
      this.#alarmAt = now + ttlMs;
      await this.#storage.setAlarm(this.#alarmAt);
    }
  }

  /** At the alarm: true when the session is idle past its TTL; else sets the alarm again. */
  async expired(ttlMs: number): Promise<boolean> {
    const dueAt = this.#lastUsedAt === undefined ? undefined : this.#lastUsedAt + ttlMs;
    if (dueAt !== undefined && dueAt > Date.now()) {
      this.#alarmAt = dueAt;
      await this.#storage.setAlarm(dueAt);
      return false;
    }
    this.#alarmAt = undefined;
    this.#lastUsedAt = undefined;
    return true;
  }
}
