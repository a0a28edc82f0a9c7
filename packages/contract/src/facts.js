// @ts-check
// Single facts of the document that several readers need, each named once.
import { at } from "./document.js";

/** The largest record id (`Id.maximum`: 2^53 − 1, exact in JavaScript). */
export const idMaximum = /** @type {number} */ (at("#/components/schemas/Id/maximum"));

/** The most units one order may ask for (`OrderQuantity.maximum`). */
export const orderQuantityMaximum = /** @type {number} */ (at("#/components/schemas/OrderQuantity/maximum"));

/** The most units of a pet in stock, and the cap of its stock plus the units its open orders reserve (`StockQuantity.maximum`). */
export const stockMaximum = /** @type {number} */ (at("#/components/schemas/StockQuantity/maximum"));

/** The page size of every list (the `limit` query parameter): its bounds and its default. */
export const pageSize = /** @type {{ minimum: number, maximum: number, default: number }} */ (
  at("#/components/parameters/Limit/schema")
);
