import type { IncomingMessage, ServerResponse } from "node:http";
import type { PetstoreApp } from "../core/app.js";
import type { DemoKeyPolicy } from "../serve/demo-key.js";
import { Later } from "../serve/later.js";
import { createPipeline } from "../serve/pipeline.js";
import type { WireAnswer, WireRequest } from "../serve/wire-types.js";
import { referenceFiles } from "../state/reference-files.js";
import type { RequestListenerOptions } from "./options.js";
import { closeSignal, connectionUrl, discardBody, hasBody, readBody, readBodyInto } from "./wire.js";
import { WriteBatch } from "./write-batch.js";

/** The node:http request listener of the mock: no Fetch objects on the hot path. */
export function createRequestListener(app: PetstoreApp, options: RequestListenerOptions = {}) {
  const { baseUrl } = options;
  return requestListener(app, options, baseUrl === undefined ? connectionUrl : () => baseUrl);
}

/** The request listener, a wire over the mock's pipeline, with the base URL of each request's links decided by `baseUrlOf`. */
export function requestListener(
  app: PetstoreApp,
  options: RequestListenerOptions & { demoKey?: DemoKeyPolicy | undefined },
  baseUrlOf: (request: IncomingMessage) => string,
  writes = new WriteBatch(),
) {
  const pipeline = createPipeline({
    ...options,
    app,
    reference: options.referenceDir === undefined ? undefined : referenceFiles(options.referenceDir),
  });
  return (request: IncomingMessage, response: ServerResponse): void | Promise<void> => {
    const finish = (answer: WireAnswer) => {
      if (!response.destroyed) {
        writes.add(request, response, answer);
      }
    };
    // Decided at once when nothing on the way waits: no promise; a write whose body then waits for nothing, within
    // the body's `end` event. Written with the other answers of this turn of the event loop (`WriteBatch`).
    const answer = pipeline(new NodeWireRequest(request, response, baseUrlOf));
    if (answer instanceof Later) {
      return answer.read((answered) => (answered instanceof Promise ? void answered.then(finish) : finish(answered)));
    }
    return answer instanceof Promise ? answer.then(finish) : finish(answer);
  };
}

/**
 * One node:http request as the pipeline reads it. A class, so that a request costs one object and no closures
 * (its methods are on the prototype): this is the standalone server's hot path.
 */
class NodeWireRequest implements WireRequest {
  readonly method: string;
  readonly target: string;
  readonly host: string | undefined;
  readonly hasBody: boolean;
  // Only a request with a `Prefer` header can ask for a delay, so only it pays for a signal (an accessor
  // here instead would make every request object slower to read: about a quarter of GET /pets' throughput).
  readonly signal: AbortSignal | undefined;
  readonly #request: IncomingMessage;
  readonly #baseUrlOf: (request: IncomingMessage) => string;

  constructor(request: IncomingMessage, response: ServerResponse, baseUrlOf: (request: IncomingMessage) => string) {
    this.#request = request;
    this.#baseUrlOf = baseUrlOf;
    this.method = (request.method ?? "GET").toUpperCase();
    this.target = request.url ?? "/";
    this.host = request.headers.host;
    this.hasBody = hasBody(request);
    this.signal = request.headers.prefer === undefined ? undefined : closeSignal(response);
  }

  header(name: string): string | null {
    const value = this.#request.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  }

  readBody(limit: number) {
    return readBody(this.#request, limit);
  }

  readBodyLater(limit: number) {
    const read = new Later<Awaited<ReturnType<typeof readBody>> | Error>();
    readBodyInto(this.#request, limit, (body) => read.settle(body));
    return read;
  }

  skipBody() {
    return discardBody(this.#request);
  }

  baseUrl() {
    return this.#baseUrlOf(this.#request);
  }
}
