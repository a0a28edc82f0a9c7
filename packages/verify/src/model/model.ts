// The reference model: what the store holds according to the documented state rules alone. An
// independent oracle: it knows the document and the rules, never the mock's code.

import { at } from "@petstore/contract";
import type { ObservedState, Status } from "./observed.js";

export type { Status } from "./observed.js";

export interface ModelPet {
  id: number;
  name: string;
  categoryId: number;
  status: Status;
  stock: number;
}
export interface ModelOrder {
  id: number;
  petId: number;
  quantity: number;
  complete: boolean;
  shipDate?: string;
}
export interface ModelCategory {
  id: number;
  name: string;
  description?: string;
}

type Table = "pets" | "categories" | "orders";

/** The longest name the document allows (`Name.maxLength`). */
const nameMaxLength = at("#/components/schemas/Name/maxLength") as number;

/**
 * How a run on a shared backend stays in its lane: the names it writes carry `tag`, and writes aim
 * only at the records it created (`owned`) or at ids that do not exist.
 */
export interface Scope {
  tag: string;
  owned: Record<Table, Set<number>>;
}

export const newScope = (tag: string): Scope => ({
  tag,
  owned: { pets: new Set(), categories: new Set(), orders: new Set() },
});

/** An attempt's number in letters (1 a, 26 z, 27 aa): a number in a name would read like an id. */
const letters = (attempt: number): string =>
  attempt <= 0 ? "" : letters(Math.floor((attempt - 1) / 26)) + String.fromCharCode(97 + ((attempt - 1) % 26));

/**
 * The scope of one attempt of the shrinker: it owns nothing yet, so its writes aim only at what it makes
 * (a reproduction creates what it uses), and its names carry `tag.letters` (the attempt's number), apart
 * from any record an earlier attempt or the run left behind (a backend whose deletes do not delete keeps
 * them all).
 */
export const attemptScope = (scope: Scope, attempt: number): Scope => newScope(`${scope.tag}.${letters(attempt)}`);

/** Whether `name` was written in `scope` or in one of its attempts' (`tag`, `tag.a`, `tag.a.b`…). */
export const taggedIn = (scope: Scope, name: string): boolean => {
  const at = name.lastIndexOf(` ${scope.tag}`);
  return at >= 0 && /^(\.[a-z]+)*$/.test(name.slice(at + scope.tag.length + 1));
};

export class Model {
  categories = new Map<number, ModelCategory>();
  pets = new Map<number, ModelPet>();
  orders = new Map<number, ModelOrder>();
  /** Ids that existed and were deleted, to aim commands at records that are gone. */
  gone = { pets: new Set<number>(), categories: new Set<number>(), orders: new Set<number>() };
  requests = 0;
  /**
   * The operation of the last request a command sent itself (not the x-affects check's reads around
   * it): where a failure of the command broke.
   */
  sentTo: string | undefined;
  /** The pet the last restock aimed at: its stock may change outside the orders' ledger. */
  restocked: number | undefined;

  /** Set on a shared backend: see `Scope`. */
  scope: Scope | undefined;
  /** The most pages one list read follows (a shared backend may hold many records). */
  maxPages = Number.POSITIVE_INFINITY;

  static from(snapshot: ObservedState, scope?: Scope): Model {
    const model = new Model();
    model.scope = scope;
    for (const category of snapshot.categories.records) {
      model.categories.set(category.id, { ...category });
    }
    const stock = new Map(snapshot.inventory.records.map((item) => [item.petId, item.quantity]));
    for (const pet of snapshot.pets.records) {
      model.pets.set(pet.id, { ...pet, stock: stock.get(pet.id) ?? 0 });
    }
    for (const order of snapshot.orders.records) {
      model.orders.set(order.id, { ...order });
    }
    return model;
  }

  /** The ids of `table` a write may aim at: every record, or on a shared backend only those the run owns. */
  writable(table: Table): number[] {
    const ids = [...this[table].keys()];
    const owned = this.scope?.owned[table];
    return owned ? ids.filter((id) => owned.has(id)) : ids;
  }

  /** Counts a record the model's commands created as the run's own. */
  created(table: Table, id: number): void {
    this.scope?.owned[table].add(id);
  }

  /** A name as the run writes it: with the run's tag when there is one, within the document's length. */
  name(name: string): string {
    const tag = this.scope?.tag;
    return tag ? `${name.slice(0, nameMaxLength - tag.length - 1)} ${tag}` : name;
  }

  openOrders(petId: number): ModelOrder[] {
    return [...this.orders.values()].filter((order) => order.petId === petId && !order.complete);
  }
}

/** A pet as the API answers it. */
export const petBody = (pet: Omit<ModelPet, "stock">) => ({
  id: pet.id,
  name: pet.name,
  categoryId: pet.categoryId,
  status: pet.status,
});

/** A pet's inventory entry as the API answers it. */
export const inventoryBody = (pet: ModelPet) => ({ petId: pet.id, quantity: pet.stock, status: pet.status });

/** A category as the API answers it. */
export const categoryBody = (category: ModelCategory) => ({
  id: category.id,
  name: category.name,
  ...(category.description !== undefined ? { description: category.description } : {}),
});
