// The lists the model reads: where each is read, the model table that predicts it, its records' bodies, and the
// filters the document declares for it.

import { type DocFilter, documentList, operation } from "@petstore/contract";
import { categoryBody, inventoryBody, type Model, type ModelOrder, petBody } from "./model.js";

/** Where each list is read, the model table that predicts it (inventory: the pets' stock), and its records' bodies. */
export const LISTS = {
  pets: { table: "pets", url: "/pets", operationId: "listPets", body: petBody },
  inventory: { table: "pets", url: "/store/inventory", operationId: "listInventory", body: inventoryBody },
  // An order placed without a shipDate gets one from the backend.
  orders: {
    table: "orders",
    url: "/store/orders",
    operationId: "listOrders",
    body: (order: ModelOrder, returned?: ModelOrder) => ({ ...order, shipDate: order.shipDate ?? returned?.shipDate }),
  },
  categories: { table: "categories", url: "/categories", operationId: "listCategories", body: categoryBody },
} as const;
export type List = keyof typeof LISTS;
export const LIST_NAMES = Object.keys(LISTS) as List[];

/**
 * The filters the document declares for each list (`x-filter`), in the document's order: read once (reading
 * them inlines the list's record schema), not on every read the model makes. Frozen: every caller shares them.
 */
const FILTERS = Object.fromEntries(
  LIST_NAMES.map((list) => {
    const filters = documentList(operation(LISTS[list].operationId))?.filters ?? [];
    return [list, Object.freeze(filters.map((filter) => Object.freeze(filter)))];
  }),
) as Record<List, readonly DocFilter[]>;

/** The filters the document declares for `list` (`x-filter`), in the document's order. */
export const filtersOf = (list: List): readonly DocFilter[] => FILTERS[list];

/** A list's filters, each as `list:parameter`: the tour reads each one at least once. */
export const DOCUMENT_FILTERS = LIST_NAMES.flatMap((list) =>
  filtersOf(list).map((filter, index) => ({
    list,
    index,
    parameter: filter.parameter,
    name: `${LISTS[list].operationId} ?${filter.parameter}`,
  })),
);

/**
 * The values the document lists for a filter's parameter (its enum, or a boolean's two), each read alone
 * by the tour: a filter wrong for one value shows on every run, not on the seeds that draw it.
 */
export function filterValues(list: List, parameter: string): string[] {
  const declared = operation(LISTS[list].operationId).parameters.find(
    (candidate) => candidate.in === "query" && candidate.name === parameter,
  );
  const schema = declared?.schema as { type?: string; enum?: unknown[]; items?: { type?: string; enum?: unknown[] } };
  const values = schema?.type === "array" ? schema.items : schema;
  return values?.enum ? values.enum.map(String) : values?.type === "boolean" ? ["true", "false"] : [];
}

/** The model's record as the API answers it (`returned`: what the API did answer). */
export const bodyOf = (list: List) => LISTS[list].body as (record: unknown, returned?: unknown) => unknown;

/** The records the model holds for a list, by ascending key. */
export const modelRecords = (model: Model, list: List): { id: number }[] =>
  [...model[LISTS[list].table].values()].sort((a, b) => a.id - b.id);

/** A model record as the API lists it, for the filters to look at. */
export const listed = (list: List, record: unknown) => bodyOf(list)(record) as Record<string, unknown>;
