// Writes every session back to its --state file after every change: coalesced, at most one write at a time.
import { serializeStateFile } from "../core/control/state-file-format.js";
import type { PetstoreSessions } from "../core/sessions/types.js";
import type { PetstoreStore, StoreSnapshot } from "../core/store/store.js";
import { writeFileAtomically } from "./state-file.js";

/** The shortest wait before a write: changes within it share one write. */
const MIN_DELAY_MS = 20;
/**
 * The wait is this many times the time the last write kept the mock busy (taking and serialising the
 * snapshot; the disk works in the background), so writing takes at most about a ninth of the mock's
 * time however large the state, and costs requests little throughput. The demo data is serialised in
 * a fraction of a millisecond and 10,000 pets in about 20 ms, within the promised 250 ms of a
 * response; a much larger state is written less often.
 */
const DELAY_PER_BUSY_MS = 8;

export interface StateWriter {
  /**
   * Writes any change not yet on disk now, after a write in flight; resolves when it is on disk, and
   * rejects if it could not be written.
   */
  flush(): Promise<void>;
  /** Stops writing on changes (a flush still writes). */
  stop(): void;
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
  let unwritten = false;
  let busyMs = 0;
  const timed = <T>(work: () => T): T => {
    const started = performance.now();
    try {
      return work();
    } finally {
      busyMs += performance.now() - started;
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  let lastBusyMs = 0;
  let failing = false;

  const write = async () => {
    unwritten = false;
    try {
      busyMs = 0;
      const states: (readonly [string, StoreSnapshot])[] = [];
      // `default` first, then in order of creation; each taken between its session's operations.
      for (const { name } of sessions.list()) {
        const store = sessions.get(name);
        if (store) {
          states.push([name, await store.exclusive(() => timed(() => store.snapshot()))]);
        }
      }
      const text = timed(() => serializeStateFile(states));
      lastBusyMs = busyMs;
      await writeFileAtomically(path, text);
      failing = false;
    } catch (error) {
      unwritten = true;
      if (!failing) {
        onError(error as Error);
      }
      failing = true;
    }
  };

  const run = (): Promise<void> => {
    timer = undefined;
    inFlight ??= write().finally(() => {
      inFlight = undefined;
      // Changes made while writing: the next write, unless one is already waiting for its time.
      if (unwritten && !timer && !failing) {
        schedule();
      }
    });
    return inFlight;
  };

  const schedule = () => {
    unwritten = true;
    if (!timer && !inFlight) {
      const delay = Math.max(MIN_DELAY_MS, DELAY_PER_BUSY_MS * lastBusyMs);
      timer = setTimeout(run, delay);
    }
  };

  // Each session's store followed from the first change told of it, so that changes made to a store directly
  // count too; a deleted session's store is let go.
  const followed = new Map<string, { store: PetstoreStore; stop: () => void }>();
  const follow = (name: string) => {
    const store = sessions.get(name);
    const current = followed.get(name);
    if (current && current.store !== store) {
      current.stop();
      followed.delete(name);
    }
    if (store && !followed.has(name)) {
      followed.set(name, { store, stop: store.onCommit(schedule) });
    }
  };
  for (const { name } of sessions.list()) {
    follow(name);
  }
  const unsubscribe = sessions.subscribe((name) => {
    follow(name);
    schedule();
  });
  return {
    async flush() {
      // Until no write is in flight and nothing is left unwritten: a write in flight may have begun before
      // the last change, and a second flush at the same time must wait for the write the first one began.
      for (let tried = false; ; ) {
        clearTimeout(timer);
        timer = undefined;
        if (inFlight) {
          await inFlight;
        } else if (unwritten && !(tried && failing)) {
          tried = true;
          await run();
        } else {
          break;
        }
      }
      if (failing) {
        throw new Error(`the last changes could not be written to ${path}`);
      }
    },
    stop() {
      unsubscribe();
      for (const { stop } of followed.values()) {
        stop();
      }
      followed.clear();
    },
  };
}
