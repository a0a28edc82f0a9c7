// Broken backends of one fact each that the seed sweeps do not run (each has a test of its own,
// test/precise.test.ts): a defect several checks can see (one finding, not one per symptom), and defects
// a run sees only when it reads each record back through each read, or each filter value alone.

import {
  categoryByIdStale,
  categoryByIdUpperCases,
  inventoryKeptAfterDelete,
  inventoryPendingFilterWrong,
  linkMissingOnSecondPage,
  orderOfTwoTakesOne,
  STALE_MS,
  stockLimitNotEnforced,
  totalCountPlusOne,
  wrongWwwAuthenticate,
} from "./breakages/precise.js";
import type { BrokenBackendKind } from "./broken-backends.js";

export const preciseKinds: readonly BrokenBackendKind[] = [
  {
    name: "total-count-plus-one",
    breaks: "listPets' X-Total-Count counts the records the list holds",
    caughtBy: ["model.paging", "document.body", "document.header"],
    why: "one wrong count: the paging check, the page length the document derives from it, and the Link it implies can each see it first",
    breakage: totalCountPlusOne,
  },
  {
    name: "www-authenticate-wrong",
    breaks: 'a 401 carries WWW-Authenticate: Bearer realm="petstore"',
    caughtBy: ["document.header"],
    breakage: wrongWwwAuthenticate,
  },
  {
    name: "category-by-id-mangled",
    breaks: "getCategory answers the category as written (its description too)",
    caughtBy: ["model.record"],
    breakage: categoryByIdUpperCases,
  },
  {
    name: "inventory-kept-after-delete",
    breaks: "after deletePet, getInventoryItem of that pet answers 404",
    caughtBy: ["model.not-found"],
    breakage: inventoryKeptAfterDelete,
  },
  {
    name: "inventory-filter-wrong-for-pending",
    breaks: "listInventory?status=pending lists the pending pets' entries",
    caughtBy: ["model.list-filter"],
    breakage: inventoryPendingFilterWrong,
  },
  {
    name: "link-missing-on-second-page",
    breaks: "a list page with a next page carries Link rel=next (the second page of each list has none)",
    caughtBy: ["model.paging", "document.header"],
    why: "a read that follows Link stops at the second page (paging); a header check that knows the next page is due may see it first",
    breakage: linkMissingOnSecondPage,
  },
  {
    name: "category-by-id-stale",
    breaks: `getCategory answers the category as it is (it answers what it answered up to ${STALE_MS / 1000} s before)`,
    caughtBy: ["model.record"],
    breakage: categoryByIdStale,
  },
  {
    name: "stock-limit-not-enforced",
    breaks:
      "a restock that with the units reserved would pass the stock maximum is refused with 409 STOCK_LIMIT_EXCEEDED",
    caughtBy: ["model.stock"],
    breakage: stockLimitNotEnforced,
  },
  {
    name: "order-of-two-takes-one",
    breaks: "an order of two units takes two from the pet's stock",
    caughtBy: ["model.stock"],
    breakage: orderOfTwoTakesOne,
  },
];

export function preciseKind(name: string): BrokenBackendKind {
  const kind = preciseKinds.find((candidate) => candidate.name === name);
  if (!kind) {
    throw new Error(`no broken backend kind ${name}; there are ${preciseKinds.map((k) => k.name).join(", ")}`);
  }
  return kind;
}
