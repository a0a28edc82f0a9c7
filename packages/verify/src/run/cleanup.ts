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

/**
 * Deletes what the run owns (in `state`, when it was just read), and the records it knows it made that the
 * state does not list (a list that answers stale data must not keep them); returns what is left, and why.
 * What is gone is no longer the run's to aim at.
 */
export async function cleanUp(target: Target, scope: Scope, state?: ObservedState): Promise<Leftover[]> {
  const owned = ownedIn(state ?? (await readState(target)), scope);
  const leftovers: Leftover[] = [];
  const remove = async (table: keyof Scope["owned"], path: string, id: number) => {
    const response = await target.send({ method: "DELETE", url: `${path}/${id}` });
    if (response.status === 204 || response.status === 404) {
      scope.owned[table].delete(id);
    } else {
      const reason = `DELETE answered ${refusal(response.status, response.json, response.text)}`;
      leftovers.push({ path: `${path}/${id}`, reason });
    }
  };
  const unlisted = (table: keyof Scope["owned"], listed: { id: number }[]) =>
    [...scope.owned[table]].filter((id) => !listed.some((record) => record.id === id));
  for (const order of owned.orders) {
    if (order.complete) {
      leftovers.push({
        path: `/store/orders/${order.id}`,
        reason: "a complete order cannot be cancelled: it stays as history",
      });
    } else {
      await remove("orders", "/store/orders", order.id);
    }
  }
  for (const id of unlisted("orders", owned.orders)) {
    await remove("orders", "/store/orders", id);
  }
  for (const id of [...owned.pets.map((pet) => pet.id), ...unlisted("pets", owned.pets)]) {
    await remove("pets", "/pets", id);
  }
  for (const id of [...owned.categories.map((category) => category.id), ...unlisted("categories", owned.categories)]) {
    await remove("categories", "/categories", id);
  }
  return leftovers;
}
