// Writes every session back to its --state file after every change: coalesced, at most one write at a time.
import type { PetstoreSessions } from "../core/sessions/types.js";
import { followSessions } from "./session-follower.js";
import { writeFileAtomically } from "./state-file.js";
import { snapshotPieces, stateFilePieces } from "./state-file-pieces.js";

/**
 * The wait before a write: changes within it share one write. A write keeps the mock busy for the records
 * written since the last one (state-file-pieces.ts: a change re-serialises its range of keys; about 2 ms for
 * 1,200 new orders), and costs CPU for the whole file (copied to the disk's cache, flushed, renamed: about
 * 0.5 ms per MB, on another thread). So the wait is at least MIN_DELAY_MS (the demo data: a few kB); a larger
 * file waits one millisecond per BYTES_PER_MS, up to MOST_DELAY_MS (from 2.5 MB, about 20,000 orders: the
 * file's CPU stays near 1% of the time, 0.5% per MB past it); and DELAY_PER_BUSY_MS times the smaller busy time
 * of the last two writes, so that writing takes at most about a ninth of the mock's time when every write is
 * costly (many scattered changes), while one costly write (the first after a restore of a large state) does
 * not hold back the next. A change then waits for a write in flight, the wait and its own write: 100 ms and
 * two writes of 10 MB (about 20 ms each) are well within the promised 250 ms of its response.
 */
const MIN_DELAY_MS = 20;
const BYTES_PER_MS = 25_000;
const MOST_DELAY_MS = 100;
const DELAY_PER_BUSY_MS = 8;

export interface StateWriter {
  /**
   * Writes any change not yet on disk now, after a write in flight; resolves when it is on disk, and
   * rejects if it could not be written.
   */
  flush(): Promise<void>;
  /** Stops writing on changes (a flush still writes). */
  stop(): void;
  /** A change the sessions' subscribers are not told of (a session created by its first request): written as any. */
  schedule(): void;
}

/**
 * Keeps `path` up to date with every live session of `sessions`: each change committed to a session (the
 * registry's `subscribe`, and each store's `onCommit`, for changes made to a store directly), a session created,
 * deleted or expired, schedules a write; changes in the meantime ride along, and a write that fails is
 * reported and tried again with the next change.
 */
export function writeChangesBack(
  sessions: PetstoreSessions,
  path: string,
  onError: (error: Error) => void,
): StateWriter {
  const writer = new CoalescedWriter(() => stateFileBytes(sessions), path, onError);
  let following = true;
  const stopFollowing = followSessions(sessions, () => writer.schedule());
  return {
    flush: () => writer.flush(),
    stop: () => {
      following = false;
      stopFollowing();
    },
    schedule: () => following && writer.schedule(),
  };
}

/** Every live session's snapshot, `default` first, and the start data's recipe, as the state file's bytes in pieces; `timed` counts the mock's time spent. */
async function stateFileBytes(sessions: PetstoreSessions, timed = busyTimer()) {
  const states: (readonly [string, Buffer[]])[] = [];
  // `default` first, then in order of creation; each taken between its session's operations.
  for (const { name } of sessions.list()) {
    const store = sessions.get(name);
    if (store) {
      states.push([name, await store.exclusive(() => timed.run(() => snapshotPieces(store)))]);
    }
  }
  const start = sessions.startRecipe?.();
  return { pieces: timed.run(() => stateFilePieces(states, start)), busyMs: timed.busyMs };
}

/** Adds up the time the work it runs keeps the mock busy. */
function busyTimer() {
  return {
    busyMs: 0,
    run<T>(work: () => T): T {
      const started = performance.now();
      try {
        return work();
      } finally {
        this.busyMs += performance.now() - started;
      }
    },
  };
}

/** Writes the text of `take` to `path`: coalesced (a write waits for its time), at most one write at a time. */
class CoalescedWriter {
  #unwritten = false;
  #failing = false;
  /** The busy times of the last two writes. */
  #busyMs = [0, 0];
  #lastBytes = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inFlight: Promise<void> | undefined;

  constructor(
    readonly take: () => Promise<{ pieces: readonly Uint8Array[]; busyMs: number }>,
    readonly path: string,
    readonly onError: (error: Error) => void,
  ) {}

  /** A change to write: after the wait its cost sets, unless a write is already waiting or under way. */
  schedule(): void {
    this.#unwritten = true;
    if (!this.#timer && !this.#inFlight) {
      const forSize = Math.min(MOST_DELAY_MS, this.#lastBytes / BYTES_PER_MS);
      const delay = Math.max(MIN_DELAY_MS, forSize, DELAY_PER_BUSY_MS * Math.min(...this.#busyMs));
      this.#timer = setTimeout(() => this.#run(), delay);
    }
  }

  async flush(): Promise<void> {
    // Until no write is in flight and nothing is left unwritten: a write in flight may have begun before
    // the last change, and a second flush at the same time must wait for the write the first one began.
    for (let tried = false; ; ) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      if (this.#inFlight) {
        await this.#inFlight;
      } else if (this.#unwritten && !(tried && this.#failing)) {
        tried = true;
        await this.#run();
      } else {
        break;
      }
    }
    if (this.#failing) {
      throw new Error(`the last changes could not be written to ${this.path}`);
    }
  }

  #run(): Promise<void> {
    this.#timer = undefined;
    this.#inFlight ??= this.#write().finally(() => {
      this.#inFlight = undefined;
      // Changes made while writing: the next write, unless one is already waiting for its time.
      if (this.#unwritten && !this.#timer && !this.#failing) {
        this.schedule();
      }
    });
    return this.#inFlight;
  }

  async #write(): Promise<void> {
    this.#unwritten = false;
    try {
      const { pieces, busyMs } = await this.take();
      this.#busyMs = [this.#busyMs[1]!, busyMs];
      this.#lastBytes = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
      await writeFileAtomically(this.path, pieces);
      this.#failing = false;
    } catch (error) {
      this.#unwritten = true;
      if (!this.#failing) {
        this.onError(error as Error);
      }
      this.#failing = true;
    }
  }
}
