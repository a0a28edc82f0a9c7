// The client's types: each HTTP method typed by the document's paths, with each operation's deprecation and
// stability in the editor, and unknown fields rejected.

import type { Client, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import type { CallTypes, DeprecatedCalls, operations } from "./generated/operations.js";
import type { paths } from "./generated/schema.js";

type Method = "get" | "put" | "post" | "patch" | "delete";
type MediaType = `${string}/${string}`;
type Operation = (typeof operations)[number];
type PathsAt<M extends Method, Stability extends string> = Extract<
  Operation,
  { method: M; deprecated: false; stability: Stability }
>["path"];
/** Maps each key of `Actual` that `Expected` lacks to `never`, so a typo is a compile error. */
type NoUnknownKeys<Actual, Expected> = Actual extends object
  ? { [K in Exclude<keyof Actual, keyof NonNullable<Expected>>]?: never }
  : unknown;
type At<T, K extends string> = T extends { [P in K]?: infer V } ? V : never;
/**
 * Generic inference alone lets unknown fields through (the API would answer 400 UNKNOWN_FIELD or
 * UNKNOWN_PARAMETER): this rejects them in the options, the body and the parameters.
 */
type NoUnknownFields<Init, Expected> = NoUnknownKeys<Init, Expected> & {
  body?: NoUnknownKeys<At<Init, "body">, At<Expected, "body">>;
  params?: NoUnknownKeys<At<Init, "params">, At<Expected, "params">> & {
    path?: NoUnknownKeys<At<At<Init, "params">, "path">, At<At<Expected, "params">, "path">>;
    query?: NoUnknownKeys<At<At<Init, "params">, "query">, At<At<Expected, "params">, "query">>;
    header?: NoUnknownKeys<At<At<Init, "params">, "header">, At<At<Expected, "params">, "header">>;
  };
};
/** The options argument: optional when nothing in it is required, and free of unknown fields. */
export type InitParam<Init, Expected = Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & NoUnknownFields<Init, Expected>)?]
    : [Init & NoUnknownFields<Init, Expected>];
type Called<M extends Method, Path extends keyof paths, Init> = Promise<
  FetchResponse<NonNullable<paths[Path][M]>, Init, MediaType>
>;

/** A call's types for the generated signatures of the deprecated operations (`DeprecatedCalls`). */
interface ClientCall extends CallTypes {
  constraint: MaybeOptionalInit<paths[this["path"] & keyof paths], this["method"] & Method>;
  args: InitParam<this["init"], MaybeOptionalInit<paths[this["path"] & keyof paths], this["method"] & Method>>;
  result: Called<this["method"] & Method, this["path"] & keyof paths, this["init"]>;
}

/**
 * One HTTP method of the client, with each operation's deprecation (and what replaces it) and
 * stability in the editor.
 */
export type PetstoreMethod<M extends Method> = DeprecatedCalls<ClientCall>[M] & PetstoreCalls<M>;

/** The signatures of the operations that are not deprecated. */
export interface PetstoreCalls<M extends Method> {
  /** **Experimental** operation (`x-stability: experimental`): it may change or go away in a minor version. */
  <Path extends PathsAt<M, "experimental">, Init extends MaybeOptionalInit<paths[Path], M>>(
    url: Path,
    ...init: InitParam<Init, MaybeOptionalInit<paths[Path], M>>
  ): Called<M, Path, Init>;
  /** **Beta** operation (`x-stability: beta`): complete, but it may still change in a minor version. */
  <Path extends PathsAt<M, "beta">, Init extends MaybeOptionalInit<paths[Path], M>>(
    url: Path,
    ...init: InitParam<Init, MaybeOptionalInit<paths[Path], M>>
  ): Called<M, Path, Init>;
  /** Calls the operation at this path, with typed parameters, body, data and error. */
  <Path extends PathsWithMethod<paths, M>, Init extends MaybeOptionalInit<paths[Path], M>>(
    url: Path,
    ...init: InitParam<Init, MaybeOptionalInit<paths[Path], M>>
  ): Called<M, Path, Init>;
}

/** An openapi-fetch client for the Petstore API: every call returns `{ data, error, response }`. */
export type PetstoreClient = Omit<Client<paths>, "GET" | "PUT" | "POST" | "PATCH" | "DELETE"> & {
  GET: PetstoreMethod<"get">;
  PUT: PetstoreMethod<"put">;
  POST: PetstoreMethod<"post">;
  PATCH: PetstoreMethod<"patch">;
  DELETE: PetstoreMethod<"delete">;
};
