// @petstore/query: TanStack Query options for every Petstore operation, over @petstore/sdk, with the
// cache invalidation the document declares (`x-affects`). Works with every TanStack Query adapter.
import type { PagedPath, PetstoreClient } from "@petstore/sdk";
import { affectedKeys } from "./affects.js";
import { type AnyInit, callerOf, fetchPage, keyOf, operationIdOf } from "./call.js";
import type {
  InitArgument,
  Method,
  PageOf,
  PathOf,
  PetstoreInfiniteQueryKey,
  PetstoreInfiniteQueryOptions,
  PetstoreMutationOptions,
  PetstoreQueryKey,
  PetstoreQueryOptions,
  WriteMethod,
} from "./types.js";

export type * from "./types.js";

export interface PetstoreQueriesOptions {
  /**
   * The QueryClient whose queries a mutation invalidates: any adapter's, from any query-core 5 (only
   * `invalidateQueries` is used, so two copies of query-core in one app do not clash here).
   */
  queryClient: { invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<unknown> };
}

/**
 * Query and mutation options for every operation of the Petstore API, for `useQuery`,
 * `useSuspenseQuery`, `useQueries`, `useInfiniteQuery`, `useMutation` and `queryClient.fetchQuery`
 * in any TanStack Query adapter.
 * @example
 * const petstore = createPetstoreQueries(client, { queryClient });
 * const pets = useQuery(petstore.queryOptions("get", "/pets", { params: { query: { limit: 10 } } }));
 * const order = useMutation(petstore.mutationOptions("post", "/store/orders"));
 */
export function createPetstoreQueries(client: PetstoreClient, { queryClient }: PetstoreQueriesOptions) {
  const call = callerOf(client);

  /** `["petstore", operationId, params]`: invalidate one pet with its params, or all pets with `queryKey("get", "/pets")`. */
  function queryKey<M extends Method, P extends PathOf<M>>(
    method: M,
    path: P,
    ...[init]: InitArgument<M, P> | []
  ): PetstoreQueryKey<M, P> {
    return keyOf(method, path, init as AnyInit | undefined) as unknown as PetstoreQueryKey<M, P>;
  }

  function queryOptions<P extends PathOf<"get">>(
    method: "get",
    path: P,
    ...[init]: InitArgument<"get", P>
  ): PetstoreQueryOptions<P> {
    const key = queryKey(method, path, ...([init] as InitArgument<"get", P>));
    return {
      queryKey: key,
      queryFn: ({ signal }) => call(method, path, { ...(init as AnyInit), signal }),
    } as PetstoreQueryOptions<P>;
  }

  function infiniteQueryOptions<P extends PagedPath>(
    method: "get",
    path: P,
    ...[init]: InitArgument<"get", P>
  ): PetstoreInfiniteQueryOptions<P> {
    const base = (init ?? {}) as AnyInit & { params?: { query?: Record<string, unknown> } };
    const key = [...queryKey(method, path, ...([init] as InitArgument<"get", P>)), "infinite"];
    return {
      queryKey: key as unknown as PetstoreInfiniteQueryOptions<P>["queryKey"],
      initialPageParam: Number(base.params?.query?.offset ?? 0),
      queryFn: ({ pageParam, signal }) => fetchPage(client, path, { ...base, signal }, pageParam) as Promise<PageOf<P>>,
      getNextPageParam: (lastPage) => lastPage.nextOffset,
    };
  }

  function mutationOptions<M extends WriteMethod, P extends PathOf<M>>(
    method: M,
    path: P,
  ): PetstoreMutationOptions<M, P> {
    const operationId = operationIdOf(method, path);
    return {
      mutationKey: ["petstore", operationId] as unknown as PetstoreMutationOptions<M, P>["mutationKey"],
      mutationFn: (variables) =>
        call(method, path, (variables ?? {}) as AnyInit) as ReturnType<PetstoreMutationOptions<M, P>["mutationFn"]>,
      onSuccess: async (data, variables) => {
        const keys = affectedKeys(method, path, (variables ?? {}) as AnyInit, data);
        await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: key })));
      },
    };
  }

  return { queryKey, queryOptions, infiniteQueryOptions, mutationOptions };
}

export type PetstoreQueries = ReturnType<typeof createPetstoreQueries>;
export type { PetstoreInfiniteQueryKey };
