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
import { DOCUMENT_FILTERS, LIST_NAMES } from "../model/lists.js";
import { changeOrder, concurrentOrders, placeOrder } from "../model/orders.js";
import { changePet, createPet, deletePet } from "../model/pets.js";
import { readAll, readPage, readRecord } from "../model/reads.js";
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
/** A record that does not exist: one the run deleted, or an id above every known one. */
const missing: Pick = { index: 1, missing: true };
const deleted: Pick = { index: 0, missing: true };

const reads: Exercise = {
  rule: "every list, paged past offset 0 and through its Link rel=next; each filter the document declares; each record read",
  writes: false,
  commands: () => [
    ...LIST_NAMES.flatMap((list) => [
      readAll(list, 1, -1, 0),
      readAll(list, 2, -1, 0),
      readPage(list, 2, 0, -1, 0),
      readPage(list, 1, 2, -1, 0),
      readRecord(list, newest),
      readRecord(list, missing),
    ]),
    ...DOCUMENT_FILTERS.flatMap(({ list, index }) => [
      readAll(list, pageSize.maximum, index, 0),
      readAll(list, 2, index, 1),
      readPage(list, 1, 0, index, 1),
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

const stock: Exercise = {
  rule: "stock: an order reserves its quantity, a cancel returns it, no order or restock passes the stock",
  writes: true,
  commands: () => [
    placeOrder(rex, 2, undefined),
    readRecord("inventory", rex),
    readRecord("orders", order),
    changeOrder(order, "cancelOrder"),
    readRecord("inventory", rex),
    placeOrder(rex, Math.min(orderQuantityMaximum, 99), undefined),
    placeOrder(rex, 1, "2027-01-01T00:00:00.000Z"),
    restock(rex, stockMaximum),
    changeOrder(order, "cancelOrder"),
    concurrentOrders(rex, [2, 2, 2]),
    readAll("inventory", pageSize.maximum, -1, 0),
  ],
};

const statuses: Exercise = {
  rule: "status: the last unit makes a pet pending, fulfilment sells it, no manual change to or from sold",
  writes: true,
  commands: () => [
    placeOrder(misty, 3, undefined),
    placeOrder(misty, 1, undefined),
    changeOrder(order, "updateOrder", "2027-06-01T00:00:00.000Z"),
    changeOrder(order, "fulfilOrder"),
    changeOrder(order, "cancelOrder"),
    changePet(misty, false, { status: "available" }),
    changePet(rex, false, { status: "sold" }),
    changePet(rex, false, { status: "pending" }),
    changePet(rex, true, { name: "Rex the second", status: "available" }),
    readRecord("pets", misty),
  ],
};

const deletesInUse: Exercise = {
  rule: "deletes: a category with pets and a pet with open orders are refused; then the delete goes through",
  writes: true,
  commands: () => [
    deleteCategory(category),
    placeOrder(rex, 1, undefined),
    deletePet(rex),
    changeOrder(order, "cancelOrder"),
    deletePet(rex),
    readRecord("pets", deleted),
    createCategory("Empty", "nothing in it"),
    deleteCategory(newest),
    readRecord("categories", deleted),
  ],
};

const categories: Exercise = {
  rule: "categories: names unique case-insensitively; a replacement and an update",
  writes: true,
  commands: () => [
    createCategory("VERIFY", undefined),
    createCategory("Second", undefined),
    changeCategory(newest, "verify", undefined, false),
    changeCategory(newest, undefined, "described", false),
    changeCategory(newest, "Third", undefined, true),
    readRecord("categories", newest),
  ],
};

const notFound: Exercise = {
  rule: "records that do not exist: 404 for each write, 422 for a reference to one",
  writes: true,
  commands: () => [
    changePet(missing, false, { status: "pending" }),
    changePet(missing, true, { name: "Ghost" }),
    deletePet(missing),
    changeCategory(missing, "Ghosts", undefined, true),
    changeCategory(missing, undefined, "none", false),
    deleteCategory(missing),
    changeOrder(missing, "updateOrder", "2027-01-01T00:00:00.000Z"),
    changeOrder(missing, "cancelOrder"),
    restock(missing, 1),
    placeOrder(missing, 1, undefined),
    createPet("Orphan", missing, undefined),
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
