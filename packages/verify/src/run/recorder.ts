// What the run sent: requests by method, the operations they called, and, while a finding is
// recorded (an exercise, or an attempt of the shrinker), every exchange as it went on the wire.

import { operations, route } from "@petstore/contract";
import type { ApiResponse } from "../http/target.js";
import type { Exchange } from "../report.js";
import { createdPath, Ledger } from "./ledger.js";

/** How much of a response body a finding keeps. */
const BODY_LIMIT = 4000;

export class Recorder {
  requests = 0;
  readonly byMethod: Record<string, number> = {};
  readonly #covered = new Set<string>();
  readonly #basePath: string;
  #steps: Exchange[] | undefined;
  /** Set while calls are recorded for a finding (an exercise, an attempt of the shrinker): the exchanges, in order. */
  get steps(): readonly Exchange[] | undefined {
    return this.#steps;
  }

  /**
   * Runs `act` with its calls recorded into `steps` (`undefined`: not recorded), then records as before:
   * the one place recording is switched.
   */
  async recording<T>(steps: Exchange[] | undefined, act: () => Promise<T>): Promise<T> {
    const outer = this.#steps;
    this.#steps = steps;
    try {
      return await act();
    } finally {
      this.#steps = outer;
    }
  }
  /** The operation of the last request: where a failure the model sees right after it broke. */
  lastOperation = "";
  /** Every record the run wrote to. */
  readonly ledger = new Ledger();

  constructor(baseUrl: string) {
    this.#basePath = new URL(baseUrl).pathname.replace(/\/$/, "");
  }

  /** The sender's `onExchange`. */
  readonly onExchange = (request: Request, body: string | undefined, response: ApiResponse): void => {
    this.requests++;
    this.byMethod[request.method] = (this.byMethod[request.method] ?? 0) + 1;
    const path = new URL(request.url).pathname.slice(this.#basePath.length) || "/";
    const operationId = route(request.method, path)?.operation.operationId;
    if (operationId) {
      this.#covered.add(operationId);
    }
    this.lastOperation = operationId ?? `${request.method} ${path}`;
    const made =
      request.method === "POST" && response.status === 201
        ? createdPath(this.#basePath, path, response.headers.get("location"), response.json)
        : undefined;
    this.ledger.record(request.method, path, response.status, made);
    this.#steps?.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      ...(body !== undefined ? { body } : {}),
      response: {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: response.text.slice(0, BODY_LIMIT),
      },
    });
  };

  /** Whether every operation the model calls (not deprecated; only reads in a read-only run) was called. */
  coveredAll(readOnly: boolean): boolean {
    return operations.every(
      (operation) =>
        this.#covered.has(operation.operationId) || operation.deprecated || (readOnly && operation.method !== "GET"),
    );
  }

  /** The document's operations, called and never called. */
  coverage(): { covered: string[]; notCovered: string[] } {
    const all = operations.map((operation) => operation.operationId);
    return {
      covered: all.filter((id) => this.#covered.has(id)),
      notCovered: all.filter((id) => !this.#covered.has(id)),
    };
  }
}
