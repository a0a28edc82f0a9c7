// The types of @petstore/query, all derived from the SDK's generated `paths` and the operation table.
import type { ClientErrorCode, PagedPath, PetstoreError, paths } from "@petstore/sdk";
import type { DataTag } from "@tanstack/query-core";
import type { FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import type { operations } from "./generated/operations.js";

export type Method = "get" | "put" | "post" | "patch" | "delete";
export type WriteMethod = Exclude<Method, "get">;
type Media = `${string}/${string}`;

/** The paths that have an operation for `M`. */
export type PathOf<M extends Method> = PathsWithMethod<paths, M>;
/** A call's `init` (`{ params, body }`), as the SDK takes it. */
export type InitOf<M extends Method, P extends PathOf<M>> = MaybeOptionalInit<paths[P], M>;
type ResponseOf<M extends Method, P extends PathOf<M>> = FetchResponse<NonNullable<paths[P][M]>, InitOf<M, P>, Media>;
/** What the call resolves with on success (`undefined` for a 204). */
export type DataOf<M extends Method, P extends PathOf<M>> = Exclude<ResponseOf<M, P>["data"], undefined>;
/** The `PetstoreError` a call throws, with `code` narrowed to what this operation documents. */
export type ErrorOf<M extends Method, P extends PathOf<M>> = PetstoreError & {
  code: NonNullable<ResponseOf<M, P>["error"]> extends { code: infer Code } ? Code | ClientErrorCode : ClientErrorCode;
};
export type OperationIdOf<M extends Method, P extends PathOf<M>> = `${M} ${P}` extends keyof typeof operations
  ? (typeof operations)[`${M} ${P}`]["operationId"]
  : never;

/** The init argument: optional when nothing in it is required. */
export type InitArgument<M extends Method, P extends PathOf<M>> =
  RequiredKeysOf<InitOf<M, P>> extends never ? [init?: InitOf<M, P>] : [init: InitOf<M, P>];

/** `["petstore", operationId, params]`: the operation, then its parameters, so a prefix invalidates a whole family. */
export type PetstoreQueryKey<M extends Method, P extends PathOf<M>> = readonly [
  "petstore",
  OperationIdOf<M, P>,
  ParamsOf<M, P>,
];
export type ParamsOf<M extends Method, P extends PathOf<M>> =
  InitOf<M, P> extends { params?: infer Params } ? Params : Record<string, never>;

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

/** One page of a list: its records, the `offset` of the `Link` header's next page, and `X-Total-Count`. */
export interface PetstorePage<Item> {
  items: Item[];
  nextOffset: number | undefined;
  totalCount: number | undefined;
}
export type PageOf<P extends PagedPath> = PetstorePage<DataOf<"get", P> extends readonly (infer Item)[] ? Item : never>;
export type PetstoreInfiniteQueryKey<P extends PagedPath> = readonly [...PetstoreQueryKey<"get", P>, "infinite"];

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
