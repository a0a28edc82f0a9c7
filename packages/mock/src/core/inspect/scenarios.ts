// Outcomes chosen for operations (by the inspector panel, or a test): the next call, or every call, of an operation
// answers a documented error instead of running. Only what the document lists can be chosen.
import { contract, type ErrorCode, type OperationId, operations } from "../generated/contract.js";
import { errorHeaders, MockApiError } from "../http/errors.js";
import { quoted } from "../http/quoted.js";
import type { OperationDescription } from "../http/router.js";

/** How long a chosen outcome lasts: the next call of the operation, or every call until cleared. */
export type ScenarioTimes = "once" | "always";

export interface Scenario {
  operationId: OperationId;
  /** One of the operation's documented error statuses. */
  status: number;
  /** One of the codes the document lists for that status of the operation. */
  code: ErrorCode;
  times: ScenarioTimes;
}

export interface ScenarioChoice {
  status: number;
  /** Default: the first code the document lists for the status. */
  code?: ErrorCode;
  /** Default: `once`. */
  times?: ScenarioTimes;
}

export interface PetstoreScenarios {
  /**
   * Makes the next call (`times: "once"`) or every call (`"always"`) of `operationId` answer `status` with `code`
   * and the document's headers for it. Throws a TypeError, naming what the document allows, for anything else.
   */
  choose(operationId: OperationId, choice: ScenarioChoice): Scenario;
  /** Clears the outcome of one operation, or of all. */
  clear(operationId?: OperationId): void;
  /** The outcomes waiting, in the order they were chosen. */
  list(): Scenario[];
  /** Milliseconds every answer waits (0 to the `Prefer: delay` limit); a request's own `Prefer: delay` wins. */
  delayMs: number;
  /** Calls `listener` after every change, a once-outcome used up included. Returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The outcome this call of the operation answers, used up when it was `once`. */
  take(operationId: string): Scenario | undefined;
}

const byId = new Map<string, OperationDescription>(operations.map((operation) => [operation.operationId, operation]));

function checkedChoice(operationId: string, choice: ScenarioChoice): Scenario {
  const operation = byId.get(operationId);
  if (!operation) {
    throw new TypeError(
      `scenarios.choose(): ${quoted(operationId)} is not an operation of the document; its operations are ${[...byId.keys()].join(", ")}`,
    );
  }
  const status = (choice as Partial<ScenarioChoice> | null)?.status;
  // Own keys only: "__proto__" or "toString" must not find Object.prototype's, and "503" is not the number 503.
  const errorCodes = operation.errorCodes as Record<string, readonly ErrorCode[]>;
  if (!Number.isInteger(status) || !Object.hasOwn(errorCodes, String(status))) {
    throw new TypeError(
      `scenarios.choose(): ${operationId} does not document status ${quoted(status)}; it documents ${operation.errorStatuses.join(", ")} (numbers)`,
    );
  }
  const codes = errorCodes[String(status)]!;
  const code = choice.code ?? codes[0]!;
  if (!codes.includes(code)) {
    throw new TypeError(
      `scenarios.choose(): ${operationId} answers ${status} with ${codes.join(", ")}, not ${quoted(code)}`,
    );
  }
  const times = choice.times ?? "once";
  if (times !== "once" && times !== "always") {
    throw new TypeError(`scenarios.choose(): times is "once" or "always", not ${quoted(times)}`);
  }
  return { operationId: operation.operationId, status: status as number, code, times };
}

/** An empty set of outcomes: every operation runs. */
export function createScenarios(): PetstoreScenarios {
  const chosen = new Map<string, Scenario>();
  const listeners = new Set<() => void>();
  let delayMs = 0;
  const changed = () => {
    for (const listener of listeners) {
      listener();
    }
  };
  return {
    choose(operationId, choice) {
      const scenario = checkedChoice(operationId, choice);
      chosen.delete(operationId);
      chosen.set(operationId, scenario);
      changed();
      return { ...scenario };
    },
    clear(operationId) {
      if (operationId === undefined) {
        chosen.clear();
      } else {
        chosen.delete(operationId);
      }
      changed();
    },
    list: () => [...chosen.values()].map((scenario) => ({ ...scenario })),
    get delayMs() {
      return delayMs;
    },
    set delayMs(value: number) {
      const limit = contract.limits.preferDelayMaxMs;
      if (!Number.isInteger(value) || value < 0 || value > limit) {
        throw new TypeError(`scenarios.delayMs is a whole number of milliseconds from 0 to ${limit}, not ${value}`);
      }
      delayMs = value;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    take(operationId) {
      const scenario = chosen.get(operationId);
      if (scenario?.times === "once") {
        chosen.delete(operationId);
        changed();
      }
      return scenario;
    },
  };
}

/** The error a chosen outcome answers, with the headers the document gives that status of the operation. */
export function scenarioError(scenario: Scenario, operation: OperationDescription): MockApiError {
  return new MockApiError(
    scenario.status,
    scenario.code,
    `simulated ${scenario.status} ${scenario.code}, chosen for ${scenario.operationId} in the inspector`,
    errorHeaders(scenario.status, operation),
  );
}
