// Deleting what the run created, as far as the state rules allow: open orders are cancelled, then
// pets and categories deleted. A complete order stays as history; what cannot go is a leftover.

import type { Target } from "../http/target.js";
import { type Scope, taggedIn } from "../model/model.js";
import type { ObservedState } from "../model/observed.js";
import type { Leftover } from "../report.js";
import { readState } from "./state.js";

/** The records of `state` the run owns: those it knows it created, and those whose name carries its tag (or an attempt's). */
export function ownedIn(state: ObservedState, scope: Scope) {
  const tagged = (name: string) => taggedIn(scope, name);
  const pets = state.pets.records.filter((pet) => scope.owned.pets.has(pet.id) || tagged(pet.name));
  const petIds = new Set(pets.map((pet) => pet.id));
  return {
    pets,
    categories: state.categories.records.filter(
      (category) => scope.owned.categories.has(category.id) || tagged(category.name),
    ),
    // Orders are placed only on the run's pets; a pet's complete orders outlive it.
    orders: state.orders.records.filter((order) => scope.owned.orders.has(order.id) || petIds.has(order.petId)),
  };
}

/** Why a delete did not happen, from the backend's answer. */
const refusal = (status: number, json: unknown, text: string) => {
  const error = json as { code?: string; message?: string } | undefined;
  return error?.code ? `${status} ${error.code}: ${error.message ?? ""}`.trim() : `${status} ${text.slice(0, 200)}`;
};

type Table = keyof Scope["owned"];

const PATHS: Record<Table, string> = { orders: "/store/orders", pets: "/pets", categories: "/categories" };

/**
 * Of the records of `table` the run made that `listed` does not show (a list that answers stale data), those
 * still there and still the run's (read by id: a pet or category with its tag, an open order of its pet);
 * what is gone, or now another's (an id used again), is no longer the run's to aim at.
 */
async function unlisted(target: Target, scope: Scope, table: Table, listed: { id: number }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const id of scope.owned[table]) {
    if (listed.some((record) => record.id === id)) {
      continue;
    }
    const response = await target.send({ method: "GET", url: `${PATHS[table]}/${id}` });
    const record = response.json as { name?: string; petId?: number; complete?: boolean } | undefined;
    const ours =
      table === "orders"
        ? scope.owned.pets.has(record?.petId ?? -1) && record?.complete === false
        : taggedIn(scope, record?.name ?? "");
    if (response.status === 200 && ours) {
      ids.push(id);
    } else if (response.status === 200 || response.status === 404) {
      scope.owned[table].delete(id);
    }
  }
  return ids;
}

/**
 * Deletes what the run owns (in `state`, when it was just read), and the records it made that the state
 * does not list; returns what is left, and why. What is gone is no longer the run's to aim at.
 */
export async function cleanUp(target: Target, scope: Scope, state?: ObservedState): Promise<Leftover[]> {
  const owned = ownedIn(state ?? (await readState(target)), scope);
  const leftovers: Leftover[] = [];
  const remove = async (table: Table, ids: number[]) => {
    for (const id of ids) {
      const path = `${PATHS[table]}/${id}`;
      const response = await target.send({ method: "DELETE", url: path });
      if (response.status === 204 || response.status === 404) {
        scope.owned[table].delete(id);
      } else {
        leftovers.push({ path, reason: `DELETE answered ${refusal(response.status, response.json, response.text)}` });
      }
    }
  };
  for (const order of owned.orders.filter((order) => order.complete)) {
    leftovers.push({
      path: `/store/orders/${order.id}`,
      reason: "a complete order cannot be cancelled: it stays as history",
    });
  }
  const open = owned.orders.filter((order) => !order.complete).map((order) => order.id);
  await remove("orders", [...open, ...(await unlisted(target, scope, "orders", owned.orders))]);
  await remove("pets", [...owned.pets.map((pet) => pet.id), ...(await unlisted(target, scope, "pets", owned.pets))]);
  const categories = owned.categories.map((category) => category.id);
  await remove("categories", [...categories, ...(await unlisted(target, scope, "categories", owned.categories))]);
  return leftovers;
}
