// @petstore/sdk/tags: cache tags from the document, for any tag-based server cache (Next.js `fetch` tags and
// `revalidateTag`, `cacheTag`, a CDN's surrogate keys). A read is tagged with its operation and, when it names a
// record, that record; a successful write gives the tags of the reads its `x-affects` names, narrowed to the
// records its parameters and bodies name, as @petstore/query invalidates its queries. Generated from the
// document (src/generated/tags.ts); no side effects, nothing of the client.
import type { Readable, Writable } from "openapi-typescript-helpers";
import { evaluateExpression } from "./generated/affects-expression.js";
import type { operations } from "./generated/schema.js";
import { reads, writes } from "./generated/tags.js";

/** The operationIds of the document's reads (GET). */
export type ReadOperationId = keyof typeof reads;
/** The operationIds of the document's writes (POST, PUT, PATCH, DELETE). */
export type WriteOperationId = keyof typeof writes;

/** What every tag starts with. */
export const PETSTORE_TAG_PREFIX = "petstore:";

/**
 * A read's tags: `petstore:listPets` (every call of the operation), and for a read of one record
 * `petstore:getPet:petId=7` (that record's calls).
 */
export type PetstoreTag = `petstore:${ReadOperationId}` | `petstore:${ReadOperationId}:${string}`;

type Parameters<Id extends keyof operations> = operations[Id]["parameters"];
type HasPath<Id extends keyof operations> = Parameters<Id> extends { path: object } ? true : false;

/** The call's `init`, as the SDK takes it: `{ params: { path } }` where the read names a record. */
export type ReadTagsInit<Id extends ReadOperationId> =
  HasPath<Id> extends true ? { params: Parameters<Id> } : { params?: Parameters<Id> };

type JsonOf<Content> = Content extends { content: { "application/json": infer Json } } ? Json : never;
type SuccessStatus = 200 | 201 | 202 | 204;
/** What the write answers on success, as the client gives it (its JSON body; `never` for a 204). */
export type WriteData<Id extends WriteOperationId> = Readable<
  {
    [Status in keyof operations[Id]["responses"] & SuccessStatus]: JsonOf<operations[Id]["responses"][Status]>;
  }[keyof operations[Id]["responses"] & SuccessStatus]
>;
/** The write's request body, as the client takes it. */
type BodyOf<Id extends WriteOperationId> = Writable<JsonOf<NonNullable<operations[Id]["requestBody"]>>>;

/** The write's `init`, as the SDK takes it: `{ params: { path }, body }` where the operation has them. */
export type AffectedTagsInit<Id extends WriteOperationId> = (HasPath<Id> extends true
  ? { params: Parameters<Id> }
  : { params?: Parameters<Id> }) &
  ([BodyOf<Id>] extends [never] ? { body?: never } : { body?: BodyOf<Id> });

type Values = Readonly<Record<string, unknown>>;

function tag(operationId: string, names: readonly string[], values: Values): PetstoreTag {
  const record = names.map((name) => `${name}=${encodeURIComponent(String(values[name]))}`).join("&");
  return `${PETSTORE_TAG_PREFIX}${operationId}${record ? `:${record}` : ""}` as PetstoreTag;
}

/**
 * The cache tags of a read: its operation's tag, and its record's where it reads one.
 * @example
 * readTags("listPets"); // ["petstore:listPets"]
 * readTags("getPet", { params: { path: { petId: 7 } } }); // ["petstore:getPet", "petstore:getPet:petId=7"]
 */
export function readTags<Id extends ReadOperationId>(
  operationId: Id,
  ...[init]: HasPath<Id> extends true ? [init: ReadTagsInit<Id>] : [init?: ReadTagsInit<Id>]
): PetstoreTag[] {
  const read = reads[operationId];
  if (!read) {
    throw new TypeError(`${String(operationId)} is not a read operation of the Petstore API`);
  }
  const path = ((init as { params?: { path?: Values } } | undefined)?.params?.path ?? {}) as Values;
  const missing = read.path.filter((name) => path[name] === undefined);
  if (missing.length > 0) {
    throw new TypeError(`${operationId}: path parameter ${missing.join(", ")} is missing`);
  }
  return read.path.length === 0
    ? [tag(operationId, [], {})]
    : [tag(operationId, [], {}), tag(operationId, read.path, path)];
}

/**
 * The tags a successful write makes stale: for each entry of its `x-affects`, the read's record tag when the
 * entry names the record through the call (`$request.path.petId`, `$request.body#/petId`, `$response.body#/id`)
 * and the call has it, else the read's operation tag (every call of that read). Revalidate each of them.
 * @example
 * const { data } = await client.POST("/store/orders", { body });
 * for (const tag of affectedTags("placeOrder", { body }, data)) revalidateTag(tag, { expire: 0 });
 */
export function affectedTags<Id extends WriteOperationId>(
  operationId: Id,
  init: AffectedTagsInit<Id>,
  data?: WriteData<Id>,
): PetstoreTag[] {
  const entries = writes[operationId];
  if (!entries) {
    throw new TypeError(`${String(operationId)} is not a write operation of the Petstore API`);
  }
  const { params, body } = init as { params?: { path?: Values }; body?: unknown };
  const call = { path: params?.path, requestBody: body, responseBody: data };
  const tags = entries.map(({ operationId: read, parameters }) => {
    const names: readonly string[] = reads[read].path;
    const values = Object.fromEntries(
      Object.entries(parameters as Record<string, string>).map(([name, expression]) => [
        name,
        evaluateExpression(expression, call),
      ]),
    );
    const narrowed = names.length > 0 && names.every((name) => values[name] !== undefined && values[name] !== null);
    return tag(read, narrowed ? names : [], values);
  });
  return [...new Set(tags)];
}
