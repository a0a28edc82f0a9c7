// What every command of the model-based fuzzer shares: the record it aims at, the request it sends,
// and the checks of the mock's answer against the model's prediction.

import { route } from "@petstore/contract";
import fc from "fast-check";
import type { ApiRequest, ApiResponse, Target } from "../http/target.js";
import { canonical, divergence } from "./diff.js";
import { type Check, Failure } from "./failure.js";
import type { Model } from "./model.js";
import type { ObservedState } from "./observed.js";
import { expectOutcome } from "./outcome.js";

export { canonical } from "./diff.js";
export { Failure } from "./failure.js";
export { describeResponse, expectOutcome } from "./outcome.js";

export interface Real {
  target: Target;
  /**
   * The whole state, read directly (a store in this process): the invariants and the model are
   * checked against it after every command. Without it, a runner reads the state back through the API.
   */
  observe?(): ObservedState;
  /** Puts an observed state back: lets the x-affects check read the state before a write after it. */
  restore?(state: ObservedState): Promise<void>;
  /** When set, sends every request, and checks each write that succeeds against its `x-affects` (affects.ts). */
  affects?: { send(real: Real, request: ApiRequest, body: unknown): Promise<ApiResponse> };
}

/** A record to aim at: mostly one that exists (by index); one time in ten a missing one (shrinks towards existing). */
export interface Pick {
  index: number;
  missing: boolean;
  /** Counts from the newest record instead (1: the newest), or with `missing` from the one deleted last. */
  fromEnd?: number;
  /** Counts among the records the run owns only (`Model.writable`), not every record the backend holds. */
  owned?: boolean;
}
export const pickArbitrary: fc.Arbitrary<Pick> = fc.record({
  index: fc.nat(),
  missing: fc.nat({ max: 9 }).map((roll) => roll === 9),
});

/**
 * The id a pick aims at: one of `ids`, or one that is gone or never was. Ids that never were lie
 * above every id the model knows (`known`); on a shared backend far above, past what others may create.
 */
export function choose(ids: Iterable<number>, gone: Set<number>, pick: Pick, known?: Iterable<number>): number {
  const list = [...ids];
  if (pick.fromEnd !== undefined && pick.missing && gone.size > 0) {
    const deleted = [...gone];
    return deleted[Math.max(0, deleted.length - pick.fromEnd)]!;
  }
  if (pick.fromEnd !== undefined && list.length > 0) {
    return list[Math.max(0, list.length - pick.fromEnd)]!;
  }
  if (pick.missing || list.length === 0) {
    const deleted = [...gone];
    const margin = known ? 1_000_000 : 1;
    return deleted.length && pick.index % 2 === 0
      ? deleted[pick.index % deleted.length]!
      : Math.max(0, ...list, ...(known ?? []), ...gone) + margin + (pick.index % 1000);
  }
  return list[pick.index % list.length]!;
}

/** The id a write aims at: a record it may change (see `Model.writable`), or one that is gone or never was. */
export function aim(model: Model, table: "pets" | "categories" | "orders", pick: Pick): number {
  return model.scope
    ? choose(model.writable(table), model.gone[table], pick, new Set(model[table].keys()))
    : choose(model[table].keys(), model.gone[table], pick);
}

/** The longest expectation a failure quotes whole; past it, it names where the values first differ. */
const QUOTE_LIMIT = 300;

export function expectEqual(check: Check, what: string, actual: unknown, expected: unknown): void {
  const a = canonical(actual);
  const e = canonical(expected);
  if (a !== e) {
    if (e.length + a.length <= QUOTE_LIMIT) {
      throw new Failure(check, `${what}: expected ${e}, got ${a}`, e, a);
    }
    const where = divergence(expected, actual);
    throw new Failure(
      check,
      `${what}: differs from the prediction at ${where.at}`,
      `${where.at}: ${where.expected}`,
      `${where.at}: ${where.received}`,
    );
  }
}

/** Sends a request to the backend (with `body` as JSON), counting it in the model; through `real.affects` if set. */
export async function send(model: Model, real: Real, method: string, url: string, body?: unknown) {
  model.requests++;
  model.sentTo = route(method, url.split("?")[0]!)?.operation.operationId;
  const json =
    body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const request: ApiRequest = { method, url, ...json };
  return real.affects ? real.affects.send(real, request, body) : real.target.send(request);
}

export type Command = fc.AsyncCommand<Model, Real, false>;

/**
 * A command named `name` until it runs; `act` then names what it did (the request and the status)
 * through `did`, which returns that text for the failure messages.
 */
export function command(
  name: string,
  act: (model: Model, real: Real, did: (what: string) => string) => Promise<void>,
): Command {
  let ran = "";
  return {
    check: () => true,
    run: async (model, real) => {
      model.sentTo = undefined;
      try {
        await act(model, real, (what) => {
          ran = what;
          return what;
        });
      } catch (error) {
        // The command's failure is where its own request went, not the last read the x-affects check sent after it.
        if (error instanceof Failure) {
          error.where ??= model.sentTo;
        }
        throw error;
      }
    },
    toString: () => ran || name,
  };
}

/**
 * Deletes a record of `table` (`/pets/{id}`, `/categories/{id}`): 404 when it is not there, 409 with
 * the code `conflict` returns when the state rules forbid it, else 204 and it is gone.
 */
export const deleteCommand = (
  pick: Pick,
  table: "pets" | "categories",
  conflict: (model: Model, id: number) => string | undefined,
  /** The record field `conflict` reads (`pets.categoryId`): a delete refused or let through otherwise rests on it. */
  rests: string,
) =>
  command(`delete ${table}`, async (model, real, did) => {
    const id = aim(model, table, pick);
    const response = await send(model, real, "DELETE", `/${table}/${id}`);
    const ran = did(`DELETE /${table}/${id} → ${response.status}`);
    if (!model[table].has(id)) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    const code = conflict(model, id);
    try {
      expectOutcome(ran, response, code ? 409 : 204, code);
    } catch (error) {
      if (error instanceof Failure && error.check.startsWith("model.")) {
        error.fields ??= [rests];
      }
      throw error;
    }
    if (code) {
      return;
    }
    model[table].delete(id);
    model.gone[table].add(id);
  });
