// Writes the store back to its --state file after every change: coalesced, at most one write at a time.
import { serializeSnapshot } from "../core/store/snapshot-file.js";
import type { PetstoreStore } from "../core/store/store.js";
import { writeFileAtomically } from "./state-file.js";

/** The quietest wait before a write: changes within it share one write. */
const MIN_DELAY_MS = 20;
/**
 * The longest wait. With a write's own time (twice, when a change lands during a write), a change is
 * on disk within the promised 250 ms of its response for states that take up to ~50 ms to write.
 */
const MAX_DELAY_MS = 150;
/** A write may take about a fifth of the time, so a large state does not starve requests. */
const DELAY_PER_WRITE_MS = 4;

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
  let lastWriteMs = 0;
  let failing = false;

  const write = async () => {
    unwritten = false;
    const started = performance.now();
    try {
      // Taken between operations, never halfway through one.
      const snapshot = await store.exclusive(() => store.snapshot());
      await writeFileAtomically(path, serializeSnapshot(snapshot));
      failing = false;
    } catch (error) {
      unwritten = true;
      if (!failing) {
        onError(error as Error);
      }
      failing = true;
    }
    lastWriteMs = performance.now() - started;
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
      const delay = Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, DELAY_PER_WRITE_MS * lastWriteMs));
      timer = setTimeout(run, delay);
    }
  };

  const unsubscribe = store.onCommit(schedule);
  return {
    async flush() {
      clearTimeout(timer);
      timer = undefined;
      await inFlight;
      if (unwritten) {
        await run();
      }
      if (failing) {
        throw new Error(`the last changes could not be written to ${path}`);
      }
    },
    stop: unsubscribe,
  };
}
