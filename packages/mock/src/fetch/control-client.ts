import type { RecordChange } from "../core/control/record-changes.js";
import type { ResetTarget, SessionSummary, Snapshot } from "../core/control/snapshot.js";
import { type OperationId as ApiOperationId, contract, type ErrorCode } from "../core/generated/contract.js";
import { operations } from "../core/generated/control/contract.js";
import { MockApiError } from "../core/http/errors.js";
import type { Scenario, ScenarioChoice } from "../core/inspect/scenarios.js";

type OperationId = (typeof operations)[number]["operationId"];

/** The header that names a session on the API's requests (`X-Petstore-Session`). */
const SESSION_HEADER = contract.sessionHeader.name;

/** A session's outcomes and latency, as the control API lists them (`SessionOutcomes`). */
export interface PetstoreSessionOutcomes {
  latencyMs: number;
  /** In the order they were chosen. */
  outcomes: Scenario[];
}

/** The outcomes of one session (`…/sessions/{name}/outcomes`): checked as `app.scenarios` checks them. */
export interface PetstoreControlOutcomes {
  /** Makes the next call (or, with `times: "always"`, every call) of `operationId` in this session answer a documented error. */
  choose(operationId: ApiOperationId, choice: ScenarioChoice): Promise<PetstoreSessionOutcomes>;
  list(): Promise<PetstoreSessionOutcomes>;
  /** Clears one operation's outcome, or every outcome and the latency. */
  clear(operationId?: ApiOperationId): Promise<void>;
  /** Makes every answer of this session wait `latencyMs` (0 to the `Prefer: delay` limit). */
  setLatency(latencyMs: number): Promise<PetstoreSessionOutcomes>;
}

export interface PetstoreControlOptions {
  /** A bearer key the mock accepts (the API's keys). */
  apiKey: string;
  /** The fetch to call the mock with (default: the global one). */
  fetch?: typeof fetch;
}

/** One session of the mock, named: its header for the API's requests, and its control operations. */
export interface PetstoreControlSession {
  readonly name: string;
  /** Send these with the API's requests to be served by this session (`{ "X-Petstore-Session": name }`). */
  readonly headers: Readonly<Record<typeof SESSION_HEADER, string>>;
  /**
   * Back to the server's start data, or to a seed's demo data (`{ seed }`), to no records (`{ empty: true }`),
   * or to a named state (`{ namedState: "sold-out" }`, with an optional `seed` of its choices).
   */
  reset(to?: ResetTarget): Promise<SessionSummary>;
  /** The whole state, as a snapshot (the format of `--state` files). */
  state(): Promise<Snapshot>;
  /** Replaces the whole state with a snapshot, checked in full first: an invalid one changes nothing. */
  restore(snapshot: Snapshot): Promise<SessionSummary>;
  /**
   * Puts and deletes records as one change (`{ table: "pets", put: record }`, `{ table: "inventory", delete: 4 }`),
   * checked as a whole as `restore` checks a snapshot: a change that breaks a rule changes nothing.
   */
  change(changes: RecordChange[]): Promise<SessionSummary>;
  /** Deletes the session, and its outcomes; the next request that names it starts it again from the start data. */
  delete(): Promise<void>;
  /** The session's outcomes: a documented error for the next or every call of an operation, and a latency. */
  readonly outcomes: PetstoreControlOutcomes;
}

export interface PetstoreControl {
  /** The live sessions, each with how many records it holds. */
  sessions(): Promise<SessionSummary[]>;
  session(name: string): PetstoreControlSession;
}

const pathOf = (operationId: OperationId, name = "", apiOperationId = "") =>
  operations
    .find((operation) => operation.operationId === operationId)!
    .path.replace("{name}", encodeURIComponent(name))
    .replace("{operationId}", encodeURIComponent(apiOperationId));

/** The server's Error body as an MockApiError `{ code, message, status }`; any other failure said in the same shape. */
async function failure(response: Response, operationId: OperationId): Promise<MockApiError> {
  const text = await response.text();
  try {
    const { code, message, status } = JSON.parse(text) as { code: ErrorCode; message: string; status: number };
    if (typeof code === "string" && typeof message === "string") {
      return new MockApiError(status ?? response.status, code, message);
    }
  } catch {
    // Not JSON: said below.
  }
  const message = `${operationId} answered ${response.status} without an Error body: ${JSON.stringify(text.slice(0, 80))}`;
  return new MockApiError(response.status, "INTERNAL_ERROR", message);
}

/**
 * A client of the mock's control API (openapi/control.yaml) on a standalone mock: fetch-based, so it runs
 * in Node, Playwright fixtures and browsers. Each call throws an MockApiError `{ code, message, status }` with
 * the server's Error when refused.
 * @example
 * const control = createPetstoreControl("http://127.0.0.1:4010", { apiKey: "petstore-demo-key" });
 * const session = control.session("checkout-1");
 * await session.reset({ seed: 7 });
 * await fetch("http://127.0.0.1:4010/pets", { headers: { ...session.headers, Authorization: "Bearer petstore-demo-key" } });
 */
export function createPetstoreControl(baseUrl: string, options: PetstoreControlOptions): PetstoreControl {
  const base = baseUrl.replace(/\/+$/, "");
  const call = async (operationId: OperationId, name?: string, body?: unknown, apiOperationId?: string) => {
    const operation = operations.find((candidate) => candidate.operationId === operationId)!;
    const send = options.fetch ?? fetch;
    const response = await send(`${base}${pathOf(operationId, name, apiOperationId)}`, {
      method: operation.method,
      headers: {
        Authorization: `Bearer ${options.apiKey}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      throw await failure(response, operationId);
    }
    return (response.status === 204 ? undefined : response.json()) as Promise<unknown>;
  };
  const outcomesOf = (name: string): PetstoreControlOutcomes => ({
    choose: (operationId, choice) =>
      call("chooseOutcome", name, { ...choice, operationId }) as Promise<PetstoreSessionOutcomes>,
    list: () => call("listOutcomes", name) as Promise<PetstoreSessionOutcomes>,
    clear: async (operationId) => {
      await (operationId === undefined
        ? call("clearOutcomes", name)
        : call("clearOutcome", name, undefined, operationId));
    },
    setLatency: (latencyMs) => call("setLatency", name, { latencyMs }) as Promise<PetstoreSessionOutcomes>,
  });
  return {
    sessions: () => call("listSessions") as Promise<SessionSummary[]>,
    session: (name) => ({
      name,
      headers: { [SESSION_HEADER]: name },
      reset: (to) => call("resetSession", name, to) as Promise<SessionSummary>,
      state: () => call("getSessionState", name) as Promise<Snapshot>,
      restore: (snapshot) => call("putSessionState", name, snapshot) as Promise<SessionSummary>,
      change: (changes) => call("changeRecords", name, { changes }) as Promise<SessionSummary>,
      delete: async () => {
        await call("deleteSession", name);
      },
      outcomes: outcomesOf(name),
    }),
  };
}
