// The caps on a store's records: the document's (`info.x-limits`), stated once here, and the lower ones a
// store may be created with.
import { contract } from "../generated/contract.js";

/** How many records each collection holds at most (the document's `info.x-limits`). */
export interface StoreLimits {
  maxPets: number;
  maxCategories: number;
  maxOrders: number;
}

/** The caps of a store created without lower ones. */
export const DOCUMENTED_LIMITS: Readonly<StoreLimits> = {
  maxPets: contract.limits.maxPets,
  maxCategories: contract.limits.maxCategories,
  maxOrders: contract.limits.maxOrders,
};

/** A store's caps: the documented ones, each lowered where `limits` says; a TypeError names a bad value. */
export function storeLimits(limits: Partial<StoreLimits> = {}): StoreLimits {
  const documented = DOCUMENTED_LIMITS;
  const result = { ...documented };
  for (const name of Object.keys(documented) as (keyof StoreLimits)[]) {
    const value = limits[name];
    if (value === undefined) {
      continue;
    }
    if (!Number.isInteger(value) || value < 0 || value > documented[name]) {
      throw new TypeError(
        `createPetstoreStore(): limits.${name} must be a whole number from 0 to ${documented[name]} (got ${value})`,
      );
    }
    result[name] = value;
  }
  return result;
}
