// Where the Operations tab's outcomes go: the page's mock (its `app.scenarios`, every session's), or one session of a
// standalone petstore-mock through the control API (`…/sessions/{name}/outcomes`), checked there by the same check.
import type { ErrorCode, OperationId } from "../core/generated/contract.js";
import type { ScenarioChoice } from "../core/inspect/scenarios.js";
import type { PetstoreSessionOutcomes } from "../fetch/control-client.js";
import type { Connection } from "./connection.js";

export interface OutcomeTarget {
  list(): Promise<PetstoreSessionOutcomes>;
  choose(operationId: string, choice: ScenarioChoice): Promise<unknown>;
  /** One operation's outcome, or all of them (and, on a server, the latency). */
  clear(operationId?: string): Promise<void>;
  setLatency(ms: number): Promise<unknown>;
}

/** The outcomes the tab steers on `connection`: the page's app, else `session` of the server. */
export function outcomeTarget(connection: Connection, session: string): OutcomeTarget {
  const scenarios = connection.app?.scenarios;
  if (!scenarios) {
    const outcomes = connection.control.session(session).outcomes;
    return {
      list: () => outcomes.list(),
      choose: (operationId, choice) => outcomes.choose(operationId as OperationId, choice),
      clear: (operationId) => outcomes.clear(operationId as OperationId | undefined),
      setLatency: (ms) => outcomes.setLatency(ms),
    };
  }
  return {
    list: async () => ({ latencyMs: scenarios.delayMs, outcomes: scenarios.list() }),
    choose: async (operationId, choice) => scenarios.choose(operationId as OperationId, choice),
    clear: async (operationId) => scenarios.clear(operationId as OperationId | undefined),
    setLatency: async (ms) => {
      scenarios.delayMs = ms;
    },
  };
}

/** `"503 SERVICE_UNAVAILABLE"` and `"always"` as a choice. */
export function choiceOf(value: string, times: string): ScenarioChoice {
  const [status, code] = value.split(" ");
  return { status: Number(status), code: code as ErrorCode, times: times === "always" ? "always" : "once" };
}
