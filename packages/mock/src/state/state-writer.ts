// Writes the store back to its --state file after every change: coalesced, at most one write at a time.
import { serializeSnapshot } from "../core/control/snapshot-file.js";
import type { PetstoreStore } from "../core/store/store.js";
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
 * Keeps `path` up to date with `store`: each committed change schedules a write, changes in the
 * meantime ride along, and a write that fails is reported and tried again with the next change.
 */
export function writeChangesBack(store: PetstoreStore, path: string, onError: (error: Error) => void): StateWriter {
  let unwritten = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  let lastBusyMs = 0;
  let failing = false;

  const write = async () => {
    unwritten = false;
    try {
      // Taken between operations, never halfway through one.
      const text = await store.exclusive(() => {
        const started = performance.now();
        const serialized = serializeSnapshot(store.snapshot());
        lastBusyMs = performance.now() - started;
        return serialized;
      });
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

  const unsubscribe = store.onCommit(schedule);
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
    stop: unsubscribe,
  };
}
