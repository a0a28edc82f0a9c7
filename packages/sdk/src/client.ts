import type { Client, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import { createCore } from "./core.js";
import { type DeprecationNotice, warnOncePerOperation } from "./deprecation.js";
import { PetstoreError, sentRequests } from "./errors.js";
import { type CallTypes, type DeprecatedCalls, type operations, replacements } from "./generated/operations.js";
import type { paths } from "./generated/schema.js";
import { invalid } from "./invalid.js";
import {
  backoffMs,
  isRetriableMethod,
  isRetriableStatus,
  type ResolvedRetry,
  type RetryOptions,
  resolveRetry,
  retryAfterMs,
} from "./retry.js";

export interface PetstoreClientOptions {
  /** Where the API lives, e.g. `https://api.example.com` or the mock's `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** The bearer key, or a function returning it (called before every request, so keys can rotate). */
  apiKey: string | (() => string | Promise<string>);
  /** The `fetch` to send requests with (default: `globalThis.fetch`), e.g. the mock's in-memory fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Abandon an attempt that takes longer than this many milliseconds, with a `TIMEOUT` PetstoreError. */
  timeoutMs?: number;
  /** Retry idempotent requests on 429, 503 and network errors (off by default; `true` for the defaults). */
  retry?: boolean | RetryOptions;
  /** Called when a response says its operation is deprecated (default: one console warning per operation; `false` for none). */
  onDeprecation?: ((notice: DeprecationNotice) => void) | false;
}

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

/** Waits, unless the caller aborts first; either way, no timer is left running. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return raceAbort(waited, signal).finally(() => clearTimeout(timer));
}

function raceAbort<T>(pending: Promise<T>, signal: AbortSignal, keepAlive?: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? keepAlive);
    if (signal.aborted) {
      onAbort();
    }
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * A NETWORK_ERROR's message: the error's, the origin tried, and why, when the runtime says (Node's
 * `cause`, e.g. `connect ECONNREFUSED 127.0.0.1:4010` or `getaddrinfo ENOTFOUND api.example`). A browser
 * never says why a fetch failed: then what can cause it.
 */
function networkFailure(error: unknown, url: string): string {
  const cause = (error as { cause?: { code?: unknown; message?: string } })?.cause;
  const code = cause?.code;
  const said = cause?.message ?? "";
  const origin = new URL(url).origin;
  return `${(error as Error)?.message ?? error} (${
    cause
      ? `${origin}: ${typeof code === "string" && !said.includes(code) ? `${code} ${said}`.trim() : said}`
      : error instanceof TypeError
        ? `the server at ${origin} is unreachable or refused CORS`
        : origin
  })`;
}

/**
 * Sends one request with the bearer key, the time-out and the retry policy, and reads the whole
 * body within each attempt: the client parses it only after the transport returned, beyond the
 * time-out and the retries. Network failures and time-outs become `PetstoreError`s (and 2xx answers
 * that are not JSON, in the client), so every caller sees the same error type.
 */
function createTransport(
  options: PetstoreClientOptions,
  retry: ResolvedRetry | null,
): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const { timeoutMs } = options;

  /** One attempt, headers and body: `[response, body]`, or a TIMEOUT or NETWORK_ERROR. */
  async function attempt(request: Request, signal: AbortSignal): Promise<[Response, string]> {
    // With a time-out, one signal for the attempt: the caller's abort or ours (told apart by the
    // caller's `signal`). Without one, the request goes as it is: no extra objects per call.
    const attemptAbort = timeoutMs ? new AbortController() : undefined;
    const forwardAbort = () => attemptAbort?.abort(signal.reason);
    const timer = attemptAbort && setTimeout(() => attemptAbort.abort(), timeoutMs);
    if (attemptAbort) {
      signal.addEventListener("abort", forwardAbort, { once: true });
    }
    try {
      const sent = attemptAbort ? new Request(request, { signal: attemptAbort.signal }) : request;
      // Racing the signal makes the time-out hold even for a fetch that ignores signals, and keeps
      // `sent` alive: Node 20's fetch links a Request's signal only weakly.
      const received = send(sent).then(
        async (response): Promise<[Response, string]> => [response, await response.text()],
      );
      return await (attemptAbort ? raceAbort(received, attemptAbort.signal, sent) : received);
    } catch (error) {
      signal.throwIfAborted();
      const timedOut = attemptAbort?.signal.aborted === true;
      throw new PetstoreError(
        {
          code: timedOut ? "TIMEOUT" : "NETWORK_ERROR",
          message: timedOut ? `no response within ${timeoutMs} ms` : networkFailure(error, request.url),
          status: 0,
          method: request.method,
          url: request.url,
        },
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", forwardAbort);
    }
  }

  return async (request) => {
    const key = typeof options.apiKey === "function" ? await options.apiKey() : options.apiKey;
    if (typeof key !== "string" || key === "") {
      invalid("apiKey()", "a key", key);
    }
    request.headers.set("Authorization", `Bearer ${key}`);
    // Fetch normalises the standard methods to upper case.
    const { method, signal } = request;
    const attempts = retry && isRetriableMethod(method) ? retry.attempts : 1;
    for (let count = 1; ; count++) {
      signal.throwIfAborted();
      const last = count >= attempts;
      let response: Response;
      let text: string;
      try {
        [response, text] = await attempt(last ? request : request.clone(), signal);
      } catch (failure) {
        if (last || signal.aborted) {
          throw failure;
        }
        await sleep(backoffMs(retry!, count), signal);
        continue;
      }
      const asked = retryAfterMs(response.headers.get("Retry-After"));
      // Waiting less than the server asked would only fail again: such an answer is handed back.
      if (last || !isRetriableStatus(response.status) || (asked ?? 0) > retry!.maxDelayMs) {
        // The body was read within the attempt: the client, and any middleware, read it from here.
        response.text = async () => text;
        response.json = async () => JSON.parse(text);
        return response;
      }
      await sleep(asked ?? backoffMs(retry!, count), signal);
    }
  };
}

/** An absolute http(s) URL, or in a browser a path, which resolves against the page. */
const isBaseUrl = (baseUrl: unknown) =>
  /^https?:\/\/./i.test(String(baseUrl)) || (/^\/(?!\/)/.test(String(baseUrl)) && "location" in globalThis);

/**
 * Creates a typed client for the Petstore API.
 * @example
 * const client = createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "petstore-demo-key" });
 * const { data, error } = await client.GET("/pets", { params: { query: { status: ["available"] } } });
 */
export function createPetstoreClient(options: PetstoreClientOptions): PetstoreClient {
  if (!isBaseUrl(options?.baseUrl)) {
    invalid("baseUrl", 'an http:// or https:// URL, such as "http://127.0.0.1:4010"', options?.baseUrl);
  }
  if (!(typeof options.apiKey === "function" || (typeof options.apiKey === "string" && options.apiKey !== ""))) {
    invalid("apiKey", "a key or a function returning one", options.apiKey);
  }
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)) {
    invalid("timeoutMs", "a number above 0", options.timeoutMs);
  }
  const retry = resolveRetry(options.retry);
  const onDeprecation = options.onDeprecation === false ? null : (options.onDeprecation ?? warnOncePerOperation());
  // After every middleware: it sees the response callers get.
  const client = createCore(
    options.baseUrl.replace(/\/+$/, ""),
    options.headers,
    createTransport(options, retry),
    (request, response, schemaPath) => {
      sentRequests.set(response, request);
      const deprecation = response.headers.get("Deprecation");
      const sunset = response.headers.get("Sunset");
      const operation = `${request.method} ${schemaPath}`;
      if (onDeprecation && (deprecation !== null || sunset !== null)) {
        onDeprecation({ operation, deprecation, sunset, replacement: replacements[operation] ?? null });
      }
    },
  );
  return client as unknown as PetstoreClient;
}
