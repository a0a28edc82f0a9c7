// The tour: what every run checks whatever its seed. Random sequences find what nobody thought of,
// but a rule they reach only on a lucky seed is a rule a team cannot rely on; the tour exercises each
// rule the model knows at least once (paging past offset 0, every filter the document declares,
// stock on order and cancel, the status transitions, deletes of records in use, records that do not
// exist, and authentication without a valid key) and calls every operation, so the default run
// covers the document and a single broken rule is caught on any seed.

import { orderQuantityMaximum, pageSize, stockMaximum } from "@petstore/contract";
import { KEYLESS_WAYS, KEYLESS_WRITE_NAMES, keylessRead, keylessWrite, PROTECTED_LISTS } from "../model/auth.js";
import { changeCategory, createCategory, deleteCategory } from "../model/categories.js";
import type { Command, Pick } from "../model/command.js";
import { DOCUMENT_FILTERS, filterValues, LIST_NAMES } from "../model/lists.js";
import { changeOrder, concurrentOrders, placeOrder } from "../model/orders.js";
import { changePet, createPet, deletePet } from "../model/pets.js";
import { readList, readPage, readRecord } from "../model/reads.js";
import { restock } from "../model/restock.js";

/** One rule (or a few that go together) and the commands that exercise it, from the run's own records. */
export interface Exercise {
  rule: string;
  /** Whether it sends writes (left out of a read-only run). */
  writes: boolean;
  commands: () => Command[];
}

// The run's own records, as every sequence starts with them (model/setup.ts): a category, then
// `Rex` (5 in stock) and `Misty` (3 in stock) in it. Picks count from the newest record.
const newest: Pick = { index: 0, missing: false, fromEnd: 1 };
const category = newest;
const rex: Pick = { index: 0, missing: false, fromEnd: 2 };
const misty: Pick = newest;
const order = newest;
/** A record that does not exist: an id above every known one. */
const missing: Pick = { index: 1, missing: true };

const reads: Exercise = {
  rule: "every list, paged past offset 0 and through its Link rel=next; each filter the document declares, each of its values alone; each record read",
  writes: false,
  commands: () => [
    ...LIST_NAMES.flatMap((list) => [
      readList({ list, limit: 1 }),
      readList({ list, limit: 2 }),
      readPage({ list, limit: 2, offsetIndex: 0 }),
      readPage({ list, limit: 1, offsetIndex: 2 }),
      readRecord({ list, pick: newest }),
      readRecord({ list, pick: missing }),
    ]),
    ...DOCUMENT_FILTERS.flatMap(({ list, index: filter, parameter }) => [
      readList({ list, limit: pageSize.maximum, filter }),
      readList({ list, limit: 2, filter, valueIndex: 1 }),
      readPage({ list, limit: 1, offsetIndex: 0, filter, valueIndex: 1 }),
      // A filter wrong for one value alone (status=pending) shows on every run, not on the seeds that draw it.
      ...filterValues(list, parameter).map((value) => readList({ list, limit: pageSize.maximum, filter, value })),
    ]),
  ],
};

const keylessReads: Exercise = {
  rule: "authentication on reads: no Authorization header, an empty bearer, another scheme, a wrong key",
  writes: false,
  commands: () => KEYLESS_WAYS.flatMap((way) => PROTECTED_LISTS.map((url) => keylessRead(way, url))),
};

const keylessWrites: Exercise = {
  rule: "authentication on writes: no Authorization header, an empty bearer, another scheme, a wrong key",
  writes: true,
  commands: () => KEYLESS_WAYS.flatMap((way) => KEYLESS_WRITE_NAMES.map((write) => keylessWrite(way, write))),
};

// Every write below is followed by reads back of each record it changed, by id and through each list (run/read-back.ts).
const stock: Exercise = {
  rule: "stock: an order reserves its quantity, a cancel returns it, no order or restock passes the stock",
  writes: true,
  commands: () => [
    placeOrder({ pet: rex, quantity: 2 }),
    changeOrder(order, "cancelOrder"),
    placeOrder({ pet: rex, quantity: Math.min(orderQuantityMaximum, 99) }),
    placeOrder({ pet: rex, quantity: 1, shipDate: "2027-01-01T00:00:00.000Z" }),
    restock(rex, stockMaximum),
    changeOrder(order, "cancelOrder"),
    concurrentOrders(rex, [2, 2, 2]),
    readList({ list: "inventory", limit: pageSize.maximum }),
  ],
};

const statuses: Exercise = {
  rule: "status: the last unit makes a pet pending, fulfilment sells it, no manual change to or from sold",
  writes: true,
  commands: () => [
    placeOrder({ pet: misty, quantity: 3 }),
    placeOrder({ pet: misty, quantity: 1 }),
    changeOrder(order, "updateOrder", "2027-06-01T00:00:00.000Z"),
    changeOrder(order, "fulfilOrder"),
    changeOrder(order, "cancelOrder"),
    changePet({ pet: misty, status: "available" }),
    changePet({ pet: rex, status: "sold" }),
    changePet({ pet: rex, status: "pending" }),
    changePet({ pet: rex, replace: true, name: "Rex the second", status: "available" }),
  ],
};

const deletesInUse: Exercise = {
  rule: "deletes: a category with pets and a pet with open orders are refused; then the delete goes through",
  writes: true,
  commands: () => [
    deleteCategory(category),
    placeOrder({ pet: rex, quantity: 1 }),
    deletePet(rex),
    changeOrder(order, "cancelOrder"),
    deletePet(rex),
    createCategory({ name: "Empty", description: "nothing in it" }),
    deleteCategory(newest),
  ],
};

const categories: Exercise = {
  rule: "categories: names unique case-insensitively; a replacement and an update",
  writes: true,
  commands: () => [
    createCategory({ name: "VERIFY" }),
    createCategory({ name: "Second" }),
    changeCategory({ category: newest, name: "verify" }),
    changeCategory({ category: newest, description: "described" }),
    changeCategory({ category: newest, name: "Third", replace: true }),
  ],
};

const notFound: Exercise = {
  rule: "records that do not exist: 404 for each write, 422 for a reference to one",
  writes: true,
  commands: () => [
    changePet({ pet: missing, status: "pending" }),
    changePet({ pet: missing, replace: true, name: "Ghost" }),
    deletePet(missing),
    changeCategory({ category: missing, name: "Ghosts", replace: true }),
    changeCategory({ category: missing, description: "none" }),
    deleteCategory(missing),
    changeOrder(missing, "updateOrder", "2027-01-01T00:00:00.000Z"),
    changeOrder(missing, "cancelOrder"),
    restock(missing, 1),
    placeOrder({ pet: missing, quantity: 1 }),
    createPet({ name: "Orphan", category: missing }),
  ],
};

/** The tour, in order: reads first (a read-only run stops there), then the rules writes exercise. */
export const TOUR: readonly Exercise[] = [
  reads,
  keylessReads,
  keylessWrites,
  stock,
  statuses,
  deletesInUse,
  categories,
  notFound,
];
