// What each operation of the control API does to the sessions, once its request is checked.
import { MockApiError } from "../http/errors.js";
import type { SessionOutcomes } from "../inspect/session-outcomes.js";
import type { PetstoreSessions } from "../sessions/types.js";
import type { PetstoreStore, StoreLimits } from "../store/store.js";
import { checkSnapshot, readSnapshot } from "./check-snapshot.js";
import { type Answer, outcomeAnswers } from "./outcome-answers.js";
import { readRecordChanges, recordChangesEdit } from "./record-changes.js";
import { type ControlOperation, parseResetTarget } from "./request.js";
import { type SessionSummary, toSnapshot } from "./snapshot.js";

const capsOf = (store: PetstoreStore): StoreLimits => ({
  maxCategories: store.categories.capacity,
  maxPets: store.pets.capacity,
  maxOrders: store.orders.capacity,
});

const sessionNotFound = (name: string) =>
  new MockApiError(404, "NOT_FOUND", `session ${JSON.stringify(name)} does not exist`);

/** The answer of each control operation, from the session name of its path, its checked body and its path. */
export type SessionAnswers = Record<ControlOperation["operationId"], Answer>;

/** The control operations over `sessions` and their outcomes. */
export function sessionAnswers(sessions: PetstoreSessions, outcomes: SessionOutcomes): SessionAnswers {
  const summary = (name: string): SessionSummary => {
    const info = sessions.list().find((session) => session.name === name);
    if (!info) {
      throw sessionNotFound(name);
    }
    return info;
  };

  const answers: SessionAnswers = {
    ...outcomeAnswers(sessions, outcomes),
    listSessions: async () => sessions.list(),
    deleteSession: async (name) => {
      if (!(await sessions.delete(name))) {
        throw sessionNotFound(name);
      }
      // A session made again starts without outcomes.
      outcomes.drop(name);
      return undefined;
    },
    resetSession: async (name, body) => {
      const to = parseResetTarget(body);
      const caps = capsOf(sessions.get(name) ?? sessions.defaultStore);
      if (to && "namedState" in to) {
        // The state's snapshot by the checks `PUT …/state` runs, against this store's caps (507 past one).
        const { namedStateSnapshot } = await import("../store/named-states.js");
        checkSnapshot(namedStateSnapshot(to.namedState, { seed: to.seed }), caps);
      } else if (to && "seed" in to && to.seed > caps.maxPets) {
        throw new MockApiError(
          507,
          "STORAGE_FULL",
          `seed: ${to.seed} pets do not fit the store, which holds at most ${caps.maxPets}`,
        );
      }
      await sessions.reset(name, to);
      return summary(name);
    },
    getSessionState: async (name) => {
      const store = sessions.get(name);
      if (!store) {
        throw sessionNotFound(name);
      }
      // Between operations, never halfway through one (a create adds its pet, then its stock).
      return toSnapshot(await store.exclusive(() => store.snapshot()));
    },
    putSessionState: async (name, body) => {
      // Checked in full against the caps of the store it goes in (a new session's are the default one's).
      await sessions.replace(name, readSnapshot(body, capsOf(sessions.get(name) ?? sessions.defaultStore)));
      return summary(name);
    },
    changeRecords: async (name, body) => {
      const changes = readRecordChanges(body);
      await sessions.change(name, recordChangesEdit(changes, capsOf(sessions.get(name) ?? sessions.defaultStore)));
      return summary(name);
    },
  };
  return answers;
}
