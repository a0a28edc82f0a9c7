import type { IncomingMessage, ServerResponse } from "node:http";
import type { PetstoreApp } from "../core/app.js";
import { createPipeline } from "../serve/pipeline.js";
import { referenceFiles } from "../state/reference-files.js";
import type { RequestListenerOptions } from "./options.js";
import { closeSignal, connectionUrl, discardBody, hasBody, lingerThenClose, readBody, send } from "./wire.js";

/** The node:http request listener of the mock: no Fetch objects on the hot path. */
export function createRequestListener(app: PetstoreApp, options: RequestListenerOptions = {}) {
  const { baseUrl } = options;
  return requestListener(app, options, baseUrl === undefined ? connectionUrl : () => baseUrl);
}

/** The request listener, a wire over the mock's pipeline, with the base URL of each request's links decided by `baseUrlOf`. */
export function requestListener(
  app: PetstoreApp,
  options: RequestListenerOptions,
  baseUrlOf: (request: IncomingMessage) => string,
) {
  const pipeline = createPipeline({
    ...options,
    app,
    reference: options.referenceDir === undefined ? undefined : referenceFiles(options.referenceDir),
  });
  return async (request: IncomingMessage, response: ServerResponse) => {
    const answer = await pipeline({
      method: (request.method ?? "GET").toUpperCase(),
      target: request.url ?? "/",
      host: request.headers.host,
      header: (name) => {
        const value = request.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
      hasBody: hasBody(request),
      readBody: (limit) => readBody(request, limit),
      skipBody: () => discardBody(request),
      baseUrl: () => baseUrlOf(request),
      // Only a request with a `Prefer` header can ask for a delay, so only it pays for a signal (an accessor
      // here instead would make every request object slower to read: about a quarter of GET /pets' throughput).
      signal: request.headers.prefer === undefined ? undefined : closeSignal(response),
    });
    if (response.destroyed) {
      return;
    }
    send(response, answer);
    if (answer.close && !request.complete) {
      lingerThenClose(request);
    }
  };
}
