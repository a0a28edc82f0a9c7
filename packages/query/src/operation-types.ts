// The types of every binding of @petstore/query (TanStack Query, SWR), all derived from the SDK's generated
// `paths` and the operation table. Nothing here names a peer (@tanstack/query-core, swr): each binding's types
// import what they need of theirs, so that an SWR app needs no query-core and the other way round.
import type { ClientErrorCode, PagedPath, PetstoreError, paths } from "@petstore/sdk";
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
/** The operationId of `M P`: the first word of its entry in the operation table. */
export type OperationIdOf<M extends Method, P extends PathOf<M>> = P extends keyof typeof operations
  ? M extends keyof (typeof operations)[P]
    ? (typeof operations)[P][M] extends `${infer Id} ${string}`
      ? Id
      : (typeof operations)[P][M]
    : never
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

/** One page of a list: its records, the next page's `offset` (while `X-Total-Count` says records follow), and that count. */
export interface PetstorePage<Item> {
  items: Item[];
  nextOffset: number | undefined;
  totalCount: number | undefined;
}
export type PageOf<P extends PagedPath> = PetstorePage<DataOf<"get", P> extends readonly (infer Item)[] ? Item : never>;
export type PetstoreInfiniteQueryKey<P extends PagedPath> = readonly [...PetstoreQueryKey<"get", P>, "infinite"];
