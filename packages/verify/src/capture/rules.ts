// The stated rule for each kind of record a capture cannot load as it was read: what happens to it
// (left out, or fixed), in one sentence the report prints. No record is loaded silently: each one a
// rule touched is listed under its rule, as a finding.

import type { Check } from "../checks.js";
import type { Collection } from "./records.js";

export interface CaptureRule {
  /** The finding's check: the document's schema, or the model's state rules. */
  check: Check;
  action: "left out" | "fixed";
  /** What the rule does, as the report states it. */
  says: string;
}

export const CAPTURE_RULES = {
  "breaks-the-document": {
    check: "document.body",
    action: "left out",
    says: "a record that breaks the document's schema is left out",
  },
  "order-incomplete": {
    check: "model.record",
    action: "left out",
    says: "an order without an id, a petId, a quantity or complete is left out: the mock keeps all four of every order",
  },
  "read-twice": {
    check: "model.paging",
    action: "left out",
    says: "a record that two pages answered (the list changed while it was read) is kept once, as first read",
  },
  "category-name-taken": {
    check: "model.invariant",
    action: "fixed",
    says: 'a category whose name an earlier category has (case-insensitively, after trimming) is renamed "NAME (ID)"',
  },
  "pet-without-category": {
    check: "model.invariant",
    action: "left out",
    says: "a pet whose category is not captured is left out (its inventory entry and open orders with it)",
  },
  "pet-without-inventory": {
    check: "model.invariant",
    action: "fixed",
    says: "a pet with no inventory entry gets one: stock 0, with the pet's status",
  },
  "inventory-status": {
    check: "model.invariant",
    action: "fixed",
    says: "an inventory entry whose status is not its pet's takes the pet's status",
  },
  "sold-with-stock": {
    check: "model.invariant",
    action: "fixed",
    says: "a sold pet's stock is set to 0",
  },
  "open-order-of-sold-pet": {
    check: "model.invariant",
    action: "left out",
    says: "an open order of a sold pet is left out",
  },
  "pet-breaks-a-rule": {
    check: "model.invariant",
    action: "left out",
    says: "a pet that still breaks a state rule after the fixes above (e.g. stock plus reserved units above the maximum) is left out (its inventory entry and open orders with it)",
  },
  "inventory-without-pet": {
    check: "model.invariant",
    action: "left out",
    says: "an inventory entry of a pet that is not captured is left out",
  },
  "open-order-without-pet": {
    check: "model.invariant",
    action: "left out",
    says: "an open order of a pet that is not captured is left out (a complete order is kept: it may outlive its pet)",
  },
} as const satisfies Record<string, CaptureRule>;

export type CaptureRuleName = keyof typeof CAPTURE_RULES;

/** One record a rule left out or fixed. */
export interface CaptureChange {
  rule: CaptureRuleName;
  collection: Collection;
  /** Its id (its pet's id for an inventory entry), or what stood there when it had none. */
  key: unknown;
  /** What it broke: the document's or the model's words. */
  why: string;
}
