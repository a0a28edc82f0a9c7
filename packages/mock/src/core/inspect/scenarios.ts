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

/**
 * What is wrong with a chosen outcome, by its field: thrown by the one check of outcomes, which `scenarios.choose`
 * says as a TypeError and the control API as a 400 (openapi/control.yaml, `chooseOutcome`).
 */
export class OutcomeProblem extends Error {
  constructor(
    readonly field: "operationId" | "status" | "code" | "times" | "latencyMs",
    message: string,
  ) {
    super(message);
  }
}

/** The operation named `operationId`, or an OutcomeProblem that lists the document's operations. */
export function checkedOperation(operationId: unknown): OperationDescription {
  const operation = typeof operationId === "string" ? byId.get(operationId) : undefined;
  if (!operation) {
    throw new OutcomeProblem(
      "operationId",
      `${quoted(operationId)} is not an operation of the document; its operations are ${[...byId.keys()].join(", ")}`,
    );
  }
  return operation;
}

/** The one check of a chosen outcome, against the document: the operation, its documented status and code, how long. */
export function checkOutcome(operationId: unknown, choice: ScenarioChoice): Scenario {
  const operation = checkedOperation(operationId);
  const status = (choice as Partial<ScenarioChoice> | null)?.status;
  // Own keys only: "__proto__" or "toString" must not find Object.prototype's, and "503" is not the number 503.
  const errorCodes = operation.errorCodes as Record<string, readonly ErrorCode[]>;
  if (!Number.isInteger(status) || !Object.hasOwn(errorCodes, String(status))) {
    throw new OutcomeProblem(
      "status",
      `${operation.operationId} does not document status ${quoted(status)}; it documents ${operation.errorStatuses.join(", ")} (numbers)`,
    );
  }
  const codes = errorCodes[String(status)]!;
  const code = choice.code ?? codes[0]!;
  if (!codes.includes(code)) {
    throw new OutcomeProblem(
      "code",
      `${operation.operationId} answers ${status} with ${codes.join(", ")}, not ${quoted(code)}`,
    );
  }
  const times = choice.times ?? "once";
  if (times !== "once" && times !== "always") {
    throw new OutcomeProblem("times", `times is "once" or "always", not ${quoted(times)}`);
  }
  return { operationId: operation.operationId, status: status as number, code, times };
}

/** The one check of a latency: whole milliseconds from 0 to the `Prefer: delay` limit of the document. */
export function checkLatency(value: unknown): number {
  const limit = contract.limits.preferDelayMaxMs;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > limit) {
    throw new OutcomeProblem(
      "latencyMs",
      `latency is a whole number of milliseconds from 0 to ${limit}, not ${quoted(value)}`,
    );
  }
  return value as number;
}

/** Says an OutcomeProblem as the TypeError of `scenarios.<method>`. */
function asTypeError(method: string, run: () => void) {
  try {
    run();
  } catch (error) {
    throw error instanceof OutcomeProblem ? new TypeError(`scenarios.${method}: ${error.message}`) : error;
  }
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
      let scenario!: Scenario;
      asTypeError("choose()", () => {
        scenario = checkOutcome(operationId, choice);
      });
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
      asTypeError("delayMs", () => {
        delayMs = checkLatency(value);
      });
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
export function scenarioError(
  scenario: Scenario,
  operation: OperationDescription,
  where = "in the inspector",
): MockApiError {
  return new MockApiError(
    scenario.status,
    scenario.code,
    `simulated ${scenario.status} ${scenario.code}, chosen for ${scenario.operationId} ${where}`,
    errorHeaders(scenario.status, operation),
  );
}
