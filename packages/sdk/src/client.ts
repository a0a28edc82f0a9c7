import type { PetstoreClient } from "./client-types.js";
import { createCore } from "./core.js";
import { warnOncePerOperation } from "./deprecation.js";
import { sentRequests } from "./errors.js";
import { replacements } from "./generated/operations.js";
import { invalid } from "./invalid.js";
import type { PetstoreClientOptions } from "./options.js";
import { resolveRetry } from "./retry.js";
import { createTransport } from "./transport.js";

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
