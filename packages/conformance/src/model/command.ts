// What every command of the model-based fuzzer shares: the record it aims at, the request it sends,
// and the checks of the mock's answer against the model's prediction.

import type { PetstoreStore } from "@petstore/mock";
import fc from "fast-check";
import type { ApiRequest, ApiResponse, Target } from "../targets/target.js";
import type { Model } from "./model.js";

export interface Real {
  target: Target;
  store: PetstoreStore;
  /** When set, sends every request, and checks each write that succeeds against its `x-affects` (affects.ts). */
  affects?: { send(real: Real, request: ApiRequest, body: unknown): Promise<ApiResponse> };
}

/** A record to aim at: mostly one that exists (by index); one time in ten a missing one (shrinks towards existing). */
export interface Pick {
  index: number;
  missing: boolean;
}
export const pickArbitrary: fc.Arbitrary<Pick> = fc.record({
  index: fc.nat(),
  missing: fc.nat({ max: 9 }).map((roll) => roll === 9),
});

/** The id a pick aims at: an existing record, or one that is gone or never was. */
export function choose(ids: Iterable<number>, gone: Set<number>, pick: Pick): number {
  const list = [...ids];
  if (pick.missing || list.length === 0) {
    const deleted = [...gone];
    return deleted.length && pick.index % 2 === 0
      ? deleted[pick.index % deleted.length]!
      : Math.max(0, ...list, ...gone) + 1 + (pick.index % 1000);
  }
  return list[pick.index % list.length]!;
}

/** A prediction of the model that the mock did not meet. */
export class Failure extends Error {}

export function expectOutcome(what: string, response: ApiResponse, status: number, code?: string): void {
  const got = (response.json as { code?: string } | undefined)?.code;
  if (response.violations.length) {
    throw new Failure(`${what}: the response breaks the document:\n  ${response.violations.join("\n  ")}`);
  }
  if (response.status !== status || (code !== undefined && got !== code)) {
    throw new Failure(
      `${what}: the model expects ${status}${code ? ` ${code}` : ""}, the mock answered ${response.status} ${response.text.slice(0, 300)}`,
    );
  }
}

/** JSON with sorted keys, so key order never matters. */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, node) =>
    node && typeof node === "object" && !Array.isArray(node)
      ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => a.localeCompare(b)))
      : node,
  );

export function expectEqual(what: string, actual: unknown, expected: unknown): void {
  const a = canonical(actual);
  const e = canonical(expected);
  if (a !== e) {
    throw new Failure(`${what}: expected ${e}, got ${a}`);
  }
}

/** Sends a request to the mock (with `body` as JSON), counting it in the model; through `real.affects` if set. */
export async function send(model: Model, real: Real, method: string, url: string, body?: unknown) {
  model.requests++;
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
    run: (model, real) =>
      act(model, real, (what) => {
        ran = what;
        return what;
      }),
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
) =>
  command(`delete ${table}`, async (model, real, did) => {
    const id = choose(model[table].keys(), model.gone[table], pick);
    const response = await send(model, real, "DELETE", `/${table}/${id}`);
    const ran = did(`DELETE /${table}/${id} → ${response.status}`);
    if (!model[table].has(id)) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    const code = conflict(model, id);
    if (code) {
      return expectOutcome(ran, response, 409, code);
    }
    expectOutcome(ran, response, 204);
    model[table].delete(id);
    model.gone[table].add(id);
  });
