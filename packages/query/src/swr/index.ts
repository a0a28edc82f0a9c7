// @petstore/query/swr: SWR keys, fetchers and mutation triggers for every Petstore operation, over
// @petstore/sdk, with the revalidation the document declares (`x-affects`). The keys, calls, paging and
// x-affects matching are @petstore/query's own; only the shapes SWR's hooks take live here.
import type { PagedPath, PetstoreClient } from "@petstore/sdk";
import swrUseSWR, {
  mutate as globalMutate,
  type Key,
  type SWRConfiguration,
  type SWRHook,
  type SWRResponse,
  unstable_serialize,
} from "swr";
import { affectedKeys, isUnder } from "../affects.js";
import { type AnyInit, callerOf, fetchPage, keyOf, operationIdOf } from "../call.js";
import type {
  DataOf,
  ErrorOf,
  InitArgument,
  InitOf,
  OperationIdOf,
  PageOf,
  PathOf,
  PetstoreInfiniteQueryKey,
  PetstoreQueryKey,
  WriteMethod,
} from "../operation-types.js";

export type * from "../operation-types.js";

/**
 * A `useSWRInfinite` list's cache key, as `unstable_serialize` of `swr/infinite` makes it from the first page's key
 * (here the list's key): SWR's prefix for lists, then that key serialized. Written here so that this module does
 * not import `swr/infinite`, whose hook would then be in the bundle of an app that never uses it.
 */
const infiniteKey = (list: readonly unknown[]) => `$inf$${unstable_serialize(list)}`;

export interface PetstoreSWROptions {
  /**
   * Revalidates the cached reads a filter selects, as SWR's `mutate(filter)`: the global `mutate` of `swr` by
   * default; pass `useSWRConfig().mutate` when the reads live in a cache of your own (`<SWRConfig value={{ provider }}>`).
   */
  mutate?: (keyOrFilter: string | ((key?: unknown) => boolean)) => Promise<unknown>;
}

/**
 * Where SWR's hooks infer their `error` type from. Declared, never set, as `retry` is in the TanStack
 * Query options: `useSWR(...petstore.swr(…)).error` is then the operation's `PetstoreError`.
 */
export interface SWRErrorTyped<TError> {
  onError?: (error: TError, key: string, config: unknown) => void;
}

/** The `useSWR` of `swr` for the tuples of `swr(…)`: typed as SWR's own, plus an error type read from the config. */
export type PetstoreUseSWR = (<
  Data,
  Error,
  SWRKey extends Key,
  Options extends SWRConfiguration<Data, Error, (key: SWRKey) => Promise<Data>>,
>(
  key: SWRKey,
  fetcher: ((key: SWRKey) => Promise<Data>) | null,
  config: SWRErrorTyped<Error> & Options,
) => SWRResponse<Data, Error, Options>) &
  SWRHook;

/**
 * SWR's own `useSWR`, the same function, typed so that the tuple of `petstore.swr(…)` gives it the operation's error
 * type: SWR's hook infers `error` from nothing it is passed (`useSWRInfinite` and `useSWRMutation` do, from their
 * config), so import this one instead of `swr`'s default where you want `error.code` typed.
 * @example
 * const { data, error } = useSWR(...petstore.swr("get", "/pets/{petId}", { params: { path: { petId: 1 } } }));
 */
export const useSWR = swrUseSWR as PetstoreUseSWR;

/** `useSWR(...petstore.swr("get", path, init))`: the key, a fetcher typed by the operation, and the error type. */
export type PetstoreSWR<P extends PathOf<"get">> = readonly [
  key: PetstoreQueryKey<"get", P>,
  fetcher: (key: PetstoreQueryKey<"get", P>) => Promise<DataOf<"get", P>>,
  config: SWRErrorTyped<ErrorOf<"get", P>>,
];

/** A page's key: the list's key and `"infinite"` (the first page's whole key), then, after the first, the page's `offset`. */
export type PetstoreSWRPageKey<P extends PagedPath> = readonly [...PetstoreInfiniteQueryKey<P>, offset?: number];

/** `useSWRInfinite(...petstore.infinite("get", path, init))`: a key loader that pages until `X-Total-Count`. */
export type PetstoreSWRInfinite<P extends PagedPath> = readonly [
  getKey: (index: number, previousPage: PageOf<P> | null) => PetstoreSWRPageKey<P> | null,
  fetcher: (key: PetstoreSWRPageKey<P>) => Promise<PageOf<P>>,
  // Every loaded page fetched again on each revalidation, as TanStack Query refetches an infinite query: a write
  // may change any page, and SWR would otherwise fetch only the first.
  config: SWRErrorTyped<ErrorOf<"get", P>> & { revalidateAll: true },
];

/** `useSWRMutation(...petstore.mutation(method, path))`: `trigger(init)` calls the write, then revalidates. */
export type PetstoreSWRMutation<M extends WriteMethod, P extends PathOf<M>> = readonly [
  key: readonly ["petstore", OperationIdOf<M, P>],
  fetcher: (key: readonly ["petstore", OperationIdOf<M, P>], options: { arg: InitOf<M, P> }) => Promise<DataOf<M, P>>,
  config: SWRErrorTyped<ErrorOf<M, P>>,
];

/**
 * SWR keys and fetchers for every read of the Petstore API, a key loader for every list, and a trigger for
 * every write that revalidates exactly the cached reads its `x-affects` names.
 * @example
 * const petstore = createPetstoreSWR(client);
 * const { data, error } = useSWR(...petstore.swr("get", "/pets/{petId}", { params: { path: { petId: 1 } } }));
 * const { trigger } = useSWRMutation(...petstore.mutation("post", "/store/orders"));
 */
export function createPetstoreSWR(client: PetstoreClient, { mutate = globalMutate }: PetstoreSWROptions = {}) {
  const call = callerOf(client);

  return {
    /** `["petstore", operationId, params]`, the key `swr` caches a read under (the same as TanStack Query's `queryKey`). */
    key: keyOf as <P extends PathOf<"get">>(
      method: "get",
      path: P,
      ...[init]: InitArgument<"get", P> | []
    ) => PetstoreQueryKey<"get", P>,

    swr<P extends PathOf<"get">>(method: "get", path: P, ...[init]: InitArgument<"get", P>): PetstoreSWR<P> {
      const key = keyOf(method, path, init as AnyInit | undefined);
      return [key, () => call(method, path, init as AnyInit), {}] as unknown as PetstoreSWR<P>;
    },

    infinite<P extends PagedPath>(method: "get", path: P, ...[init]: InitArgument<"get", P>): PetstoreSWRInfinite<P> {
      const base = (init ?? {}) as AnyInit & { params?: { query?: Record<string, unknown> } };
      // The first page's key is the list's (TanStack Query's infinite query key), the next ones add their `offset`.
      const list = [...keyOf(method, path, base), "infinite"];
      const getKey = (_index: number, previousPage: PageOf<P> | null) =>
        !previousPage ? list : previousPage.nextOffset === undefined ? null : [...list, previousPage.nextOffset];
      const fetcher = (key: readonly unknown[]) =>
        fetchPage(client, path, base, (key[4] ?? base.params?.query?.offset ?? 0) as number);
      return [getKey, fetcher, { revalidateAll: true }] as unknown as PetstoreSWRInfinite<P>;
    },

    mutation<M extends WriteMethod, P extends PathOf<M>>(method: M, path: P): PetstoreSWRMutation<M, P> {
      const fetcher = async (_key: unknown, { arg = {} }: { arg?: AnyInit }) => {
        const data = await call(method, path, arg);
        const prefixes = affectedKeys(method, path, arg, data);
        // SWR's key filter skips the lists of `useSWRInfinite` (their `$inf$` keys) but sees their pages, keyed
        // `[...list, "infinite", offset?]`: each affected page names its list, revalidated by its own key.
        const lists = new Set<string>();
        const affected = (key: unknown) => {
          const stale = prefixes.some((prefix) => isUnder(prefix, key));
          if (stale && (key as unknown[])[3] === "infinite") {
            lists.add(infiniteKey((key as unknown[]).slice(0, 4)));
          }
          return stale;
        };
        // One argument only: SWR's `mutate(filter)` then revalidates the matching keys instead of setting their data.
        const reads = mutate(affected);
        await Promise.all([reads, ...[...lists].map((list) => mutate(list))]);
        return data;
      };
      return [["petstore", operationIdOf(method, path)], fetcher, {}] as unknown as PetstoreSWRMutation<M, P>;
    },
  };
}

export type PetstoreSWRHelpers = ReturnType<typeof createPetstoreSWR>;
