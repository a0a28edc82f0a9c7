// What the control API's outcome operations do (openapi/control.yaml, tag Outcomes): each session's outcomes and
// latency, checked by the one check `app.scenarios` uses (checkOutcome, checkLatency), its problems said as 400s.
import { contract } from "../generated/contract.js";
import * as controlValidators from "../generated/control/validators.js";
import { describeBodyError } from "../generated/describe-validation-error.js";
import type { CompiledValidator } from "../generated/validators.js";
import { MockApiError } from "../http/errors.js";
import {
  checkedOperation,
  checkLatency,
  checkOutcome,
  OutcomeProblem,
  type PetstoreScenarios,
  type ScenarioChoice,
} from "../inspect/scenarios.js";
import type { SessionOutcomes } from "../inspect/session-outcomes.js";
import type { PetstoreSessions } from "../sessions/types.js";

/** The answer of a control operation, from the session name of its path, its checked body and its path parameters. */
export type Answer = (name: string, body: unknown, path: Record<string, string>) => Promise<unknown>;

/** The session's outcomes as `SessionOutcomes` (control.yaml) says them. */
const described = (scenarios: PetstoreScenarios | undefined) => ({
  latencyMs: scenarios?.delayMs ?? 0,
  outcomes: scenarios?.list() ?? [],
});

/** Runs a check; its OutcomeProblem as the 400 of its place (`body.status`, `path parameter operationId`). */
function checked<T>(where: (field: string) => string, code: "INVALID_FIELD" | "INVALID_PARAMETER", run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof OutcomeProblem) {
      throw new MockApiError(400, code, `${where(error.field)}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * A body checked against its schema for its shape (an object, its fields, none missing), then by `check`, the
 * shared check that names what the document allows; the schema's own word last, for anything else.
 */
function checkedBody<T>(validate: CompiledValidator, data: unknown, fields: string[], check: () => T): T {
  const error = validate(data) ? undefined : validate.errors![0]!;
  if (error?.instancePath === "") {
    const problem = describeBodyError(error, data, fields, contract.patternDescriptions);
    throw new MockApiError(400, problem.code, problem.message);
  }
  const value = checked((field) => `body.${field}`, "INVALID_FIELD", check);
  if (error) {
    const problem = describeBodyError(error, data, fields, contract.patternDescriptions);
    throw new MockApiError(400, problem.code, problem.message);
  }
  return value;
}

/** The outcome operations over the sessions and their outcomes. */
export function outcomeAnswers(sessions: PetstoreSessions, outcomes: SessionOutcomes) {
  const isLive = (name: string) => sessions.get(name) !== undefined;
  // Choosing makes the session (from the start data, 507 past a bound), so its outcomes live as long as it does.
  const ofSession = async (name: string) => {
    await sessions.open(name);
    return outcomes.of(name, isLive);
  };
  const answers = {
    listOutcomes: async (name: string) => described(outcomes.peek(name)),
    chooseOutcome: async (name: string, body: unknown) => {
      const record = body as ScenarioChoice & { operationId: string };
      const choice = checkedBody(
        controlValidators.OutcomeChoiceBody,
        body,
        ["operationId", "status", "code", "times"],
        () => checkOutcome(record.operationId, record),
      );
      const scenarios = await ofSession(name);
      scenarios.choose(choice.operationId, choice);
      return described(scenarios);
    },
    clearOutcomes: async (name: string) => {
      const scenarios = outcomes.peek(name);
      scenarios?.clear();
      if (scenarios) {
        scenarios.delayMs = 0;
      }
      return undefined;
    },
    clearOutcome: async (name: string, _body: unknown, path: Record<string, string>) => {
      const operation = checked(
        () => "path parameter operationId",
        "INVALID_PARAMETER",
        () => checkedOperation(path.operationId),
      );
      outcomes.peek(name)?.clear(operation.operationId);
      return undefined;
    },
    setLatency: async (name: string, body: unknown) => {
      const latencyMs = checkedBody(controlValidators.LatencyBody, body, ["latencyMs"], () =>
        checkLatency((body as { latencyMs: unknown }).latencyMs),
      );
      const scenarios = await ofSession(name);
      scenarios.delayMs = latencyMs;
      return described(scenarios);
    },
  } satisfies Record<string, Answer>;
  return answers;
}
