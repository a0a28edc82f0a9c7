import { type HttpHandler, http } from "msw";
import type { PathsWithMethod, Readable, Writable } from "openapi-typescript-helpers";
import { operations } from "../core/generated/contract.js";
import type { paths } from "../core/generated/schema.js";
import { isCreating, locationOf } from "../core/http/location.js";
import { coercePathParameters, coerceQueryParameters } from "../core/http/parameters.js";
import { errorHeaders } from "../core/http/prefer.js";
import { resolveBaseUrl } from "../fetch/request.js";
import { toMswPath } from "./handlers.js";

type Method = "get" | "post" | "put" | "patch" | "delete";
type OperationAt<P extends keyof paths, M extends Method> = paths[P][M] extends infer O extends object ? O : never;

type Parameters<O, In extends "path" | "query"> = O extends { parameters: { [K in In]?: infer X } }
  ? [X] extends [undefined]
    ? Record<string, never>
    : NonNullable<X>
  : Record<string, never>;
type RequestBody<O> = O extends { requestBody: { content: { "application/json": infer B } } } ? Writable<B> : undefined;
type Responses<O> = O extends { responses: infer R } ? R : never;
type ResponseStatus<O> = keyof Responses<O> & number;
type ResponseBody<O, S extends ResponseStatus<O>> = Responses<O>[S] extends { content: { "application/json": infer B } }
  ? Readable<B>
  : never;

export interface ReplyInit {
  headers?: Record<string, string>;
}

declare const operationBrand: unique symbol;
/** A response built by `reply`, typed by the operation it answers. */
export interface TypedReply<O> {
  readonly [operationBrand]: O;
  readonly response: Response;
}

export interface OverrideContext<O> {
  request: Request;
  /** Path parameters, converted to the types the document gives them. */
  params: Parameters<O, "path">;
  /** Query parameters, converted to the types the document gives them (not validated). */
  query: Partial<Parameters<O, "query">>;
  /** The JSON body, as the document types it (not validated). */
  body(): Promise<RequestBody<O>>;
  /** Builds a response with a status this operation documents and the body that status carries. */
  reply<S extends ResponseStatus<O>>(
    status: S,
    ...args: [ResponseBody<O, S>] extends [never]
      ? [body?: undefined, init?: ReplyInit]
      : [body: ResponseBody<O, S>, init?: ReplyInit]
  ): TypedReply<O>;
}

/** Return a reply, or nothing to fall through to the next handler (the full mock). */
export type OverrideResolver<O> = (
  context: OverrideContext<O>,
) => TypedReply<O> | undefined | Promise<TypedReply<O> | undefined>;

export type PetstoreOverrides = {
  [M in Method]: <P extends PathsWithMethod<paths, M>>(
    path: P,
    resolver: OverrideResolver<OperationAt<P, M>>,
  ) => HttpHandler;
};

/**
 * Typed one-off MSW handlers for documented operations, for `server.use(...)` in a test that needs
 * an edge case: a path the document does not have, a status it does not list for the operation,
 * or a body of the wrong shape is a compile error. `baseUrl` and `origin` are read as by
 * `createPetstoreHandlers`.
 * @example
 * const petstore = createPetstoreOverrides();
 * server.use(petstore.get("/pets/{petId}", ({ params, reply }) => reply(404, { code: "NOT_FOUND", message: `pet ${params.petId} is gone`, status: 404 })));
 */
export function createPetstoreOverrides(options: { baseUrl?: string; origin?: string } = {}): PetstoreOverrides {
  const baseUrl = resolveBaseUrl("createPetstoreOverrides", options);
  const build =
    (method: Method) =>
    (path: string, resolver: OverrideResolver<unknown>): HttpHandler => {
      const operation = operations.find(
        (candidate) => candidate.path === path && candidate.method === method.toUpperCase(),
      );
      if (!operation) {
        throw new TypeError(`${method.toUpperCase()} ${path} is not an operation of the Petstore API`);
      }
      return http[method](`${baseUrl}${toMswPath(path)}`, async ({ request, params }) => {
        const url = new URL(request.url);
        const reply = (status: number, body?: unknown, init: ReplyInit = {}) => {
          const headers = new Headers(init.headers);
          if (body !== undefined) {
            headers.set("Content-Type", "application/json");
          }
          // The headers the document promises, unless the test set them: fixed values (Deprecation,
          // Sunset), the created record's Location, a list's X-Total-Count, and on an error those the
          // mock's own errors carry (Retry-After on 429 and 503, WWW-Authenticate on 401).
          for (const [name, value] of Object.entries({
            ...operation.successHeaders,
            ...errorHeaders(status, operation),
          })) {
            if (value !== null && !headers.has(name)) {
              headers.set(name, value);
            }
          }
          const id = (body as { id?: unknown } | undefined)?.id;
          if (status === operation.successStatus && isCreating(operation.operationId) && id !== undefined) {
            if (!headers.has("Location")) {
              headers.set("Location", locationOf(baseUrl, operation.operationId, String(id)));
            }
          }
          if ("X-Total-Count" in operation.successHeaders && Array.isArray(body) && !headers.has("X-Total-Count")) {
            headers.set("X-Total-Count", String(body.length));
          }
          return {
            response: new Response(body === undefined ? null : JSON.stringify(body), { status, headers }),
          } as unknown as TypedReply<unknown>;
        };
        const result = await resolver({
          request,
          params: coercePathParameters(operation, params) as never,
          query: coerceQueryParameters(operation, url.searchParams) as never,
          body: () => request.clone().json() as Promise<never>,
          reply: reply as never,
        });
        return result?.response;
      });
    };
  // The public signatures are typed per path; inside, one untyped implementation serves them all.
  const typed = (method: Method) => build(method) as unknown as PetstoreOverrides[Method];
  return { get: typed("get"), post: typed("post"), put: typed("put"), patch: typed("patch"), delete: typed("delete") };
}
