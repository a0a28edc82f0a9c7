// The types of @petstore/query's TanStack Query options; those every binding shares are in operation-types.ts.
import type { PagedPath } from "@petstore/sdk";
import type { DataTag } from "@tanstack/query-core";
import type {
  DataOf,
  ErrorOf,
  InitOf,
  OperationIdOf,
  PageOf,
  PathOf,
  PetstoreInfiniteQueryKey,
  PetstoreQueryKey,
  WriteMethod,
} from "./operation-types.js";

export type * from "./operation-types.js";

/**
 * Where every TanStack Query adapter infers a query's or mutation's error type from. We never set these;
 * they are declared so that `useQuery(petstore.queryOptions(…)).error` is the operation's `PetstoreError`
 * (the key's tag alone serves `queryClient.getQueryData`/`getQueryState`, not the hooks), and so that a
 * `retry` or `throwOnError` of your own receives it typed. Plain function types, not query-core's, so
 * that any query-core 5 an adapter brings accepts them.
 */
export interface ErrorTypedOptions<TError> {
  retry?: boolean | number | ((failureCount: number, error: TError) => boolean);
  retryDelay?: number | ((failureCount: number, error: TError) => number);
  throwOnError?: boolean | ((error: TError) => boolean);
}

/** What a query function gets from TanStack Query that ours uses: the signal that cancels the request. */
export interface PetstoreQueryContext {
  signal: AbortSignal;
}

export interface PetstoreQueryOptions<P extends PathOf<"get">> extends ErrorTypedOptions<ErrorOf<"get", P>> {
  queryKey: DataTag<PetstoreQueryKey<"get", P>, DataOf<"get", P>, ErrorOf<"get", P>>;
  queryFn: (context: PetstoreQueryContext) => Promise<DataOf<"get", P>>;
}

/** The pages an infinite query holds, as query-core's `InfiniteData` (restated so no query-core copy is required). */
export interface PetstoreInfiniteData<P extends PagedPath> {
  pages: PageOf<P>[];
  pageParams: number[];
}

export interface PetstoreInfiniteQueryOptions<P extends PagedPath> extends ErrorTypedOptions<ErrorOf<"get", P>> {
  queryKey: DataTag<PetstoreInfiniteQueryKey<P>, PetstoreInfiniteData<P>, ErrorOf<"get", P>>;
  queryFn: (context: PetstoreQueryContext & { pageParam: number }) => Promise<PageOf<P>>;
  initialPageParam: number;
  getNextPageParam: (lastPage: PageOf<P>) => number | undefined;
}

export interface PetstoreMutationOptions<M extends WriteMethod, P extends PathOf<M>>
  extends ErrorTypedOptions<ErrorOf<M, P>> {
  mutationKey: readonly ["petstore", OperationIdOf<M, P>];
  /** Its variables are the call's `init` (`{ params, body }`). */
  mutationFn: (variables: InitOf<M, P>) => Promise<DataOf<M, P>>;
  /** Invalidates the queries the document's `x-affects` names, narrowed by path parameters; resolves once they are. */
  onSuccess: (data: DataOf<M, P>, variables: InitOf<M, P>) => Promise<void>;
}
