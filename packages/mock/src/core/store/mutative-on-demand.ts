// mutative, loaded on first use. @msw/data's Collection imports mutative's `create` and `apply` for its `update` alone,
// which the mock never calls (a table's `collection` view has no writes), yet a static import puts all of mutative in
// a browser's first load. The mock's build (tsup.config.ts) bundles @msw/data and hands it this module for
// "mutative": `update` awaits `create(base, recipe, options)`, which loads mutative first, and calls `apply` only
// after that `create`.
import type { Patches } from "mutative";

type Mutative = typeof import("mutative");

let loaded: Mutative | undefined;

/** mutative's `create(base, recipe, options)`, once mutative is loaded: @msw/data awaits what it returns. */
export async function create<T extends object>(
  base: T,
  recipe: (draft: T) => unknown,
  options: { strict: boolean; enablePatches: true },
): Promise<[T, Patches, Patches]> {
  loaded ??= await import("mutative");
  return loaded.create(base, recipe as (draft: T) => void, options) as [T, Patches, Patches];
}

/** mutative's `apply`: @msw/data calls it only with the patches of a `create` that loaded mutative. */
export function apply<T extends object>(state: T, patches: Patches): T {
  if (loaded === undefined) {
    throw new Error("mutative's apply before its create: @msw/data's update no longer awaits create first");
  }
  return loaded.apply(state, patches) as T;
}
