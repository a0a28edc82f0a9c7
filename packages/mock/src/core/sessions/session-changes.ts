// Resetting, replacing and changing a session's state (`PetstoreSessions.reset`, `.replace`, `.change`), loaded with
// the first such call.
import { seed } from "../store/seed.js";
import type { StoreSnapshot } from "../store/store.js";
import { loadableTables } from "../store/store-tables.js";
import { recordsOfSnapshot } from "./record-budget.js";
import { demoPets, EMPTY, namedStoreSnapshot, seededRecordsAtMost } from "./reset-target.js";
import { assertSessionName, DEFAULT_SESSION } from "./session-name.js";
import type { SessionTable } from "./session-table.js";
import type { SessionResetTarget } from "./types.js";

/** Back to the start data, or to `to`; creates the session if missing (`sessions.reset`). */
export async function resetSession(table: SessionTable, name: string, to?: SessionResetTarget): Promise<void> {
  assertSessionName(name);
  const named = await namedStoreSnapshot(to);
  const pets = demoPets(to);
  const existing = table.live(name);
  const initial = named ?? (to ? EMPTY : table.defaultStore.baseline());
  const records = pets !== undefined ? seededRecordsAtMost(pets) : recordsOfSnapshot(initial);
  if (!existing) {
    table.assertRoomFor(records);
  }
  const session = existing ?? table.create(name, initial);
  await session.ready;
  if (existing) {
    table.assertFits(session, records);
    if (to === undefined && name === DEFAULT_SESSION) {
      await table.defaultStore.reset();
    } else {
      await session.store.restore(initial ?? EMPTY);
    }
  }
  if (named) {
    session.store.markBaseline();
  } else if (pets !== undefined) {
    await seed(session.store, { pets });
  }
  if (name === DEFAULT_SESSION && (named || pets !== undefined)) {
    // `default`'s new baseline is the start data from now on: how it was made goes with it.
    table.madeStartData(to!);
  }
  table.notifyChange(name);
}

/** Puts a snapshot's records in the session, creating it if missing (`sessions.replace`). */
export async function replaceSession(table: SessionTable, name: string, snapshot: StoreSnapshot): Promise<void> {
  const existing = table.live(name);
  const session = existing ?? table.create(name, snapshot);
  await session.ready;
  if (existing) {
    table.assertFits(session, recordsOfSnapshot(snapshot));
    await session.store.restore(snapshot);
  }
  table.notifyChange(name);
}

/**
 * Puts `edit` of the session's records in the session as one change (`sessions.change`): no request of the session
 * runs between the read and the write, and an `edit` that throws changes nothing. A session that does not exist is
 * created from the start data, edited, only when the edit holds.
 */
export async function changeSession(
  table: SessionTable,
  name: string,
  edit: (state: StoreSnapshot) => StoreSnapshot,
): Promise<void> {
  const existing = table.live(name);
  if (existing) {
    await existing.ready;
    await existing.store.exclusive(async () => {
      const next = edit(existing.store.snapshot());
      table.assertFits(existing, recordsOfSnapshot(next));
      for (const { load } of loadableTables(existing.store)) {
        await load(next);
      }
    });
  } else {
    await table.create(name, edit(table.defaultStore.baseline() ?? EMPTY)).ready;
  }
  table.notifyChange(name);
}
