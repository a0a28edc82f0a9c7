// What every broken backend is made of, whatever carries its requests: a `Breakage` turns each request
// into the answer to give, through an `Upstream` that reaches the real backend. The HTTP proxy
// (./proxy.ts) and the in-process fetch (./broken-fetch.ts) differ only in how bytes reach them and
// the backend; both rewrite the backend's `Location` and `Link` to their own origin here, as a real
// gateway does, so a client that follows them stays in front of the breakage.

/** A request as the broken backend received it; `target` is the path with its query, e.g. `/pets?limit=5`. */
export interface ProxiedRequest {
  method: string;
  target: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

/** An answer: what came back from the backend, or what a breakage made of it. */
export interface ProxiedResponse {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

export interface Upstream {
  /** Sends the request to the backend as it is (through the defects after this one, in a combination). */
  forward(request: ProxiedRequest): Promise<ProxiedResponse>;
  /** The broken backend's own origin, as its clients see it (`http://127.0.0.1:PORT`), for links a breakage builds. */
  readonly origin: string;
}

/** Breaks one rule: turns each request into the answer the proxy gives, through `upstream`. */
export type Breakage = (request: ProxiedRequest, upstream: Upstream) => Promise<ProxiedResponse>;

/**
 * Several breakages as one, each breaking its own rule: the first sees the client's request, and what
 * it forwards (its own requests too) goes through the next, down to the backend.
 * @note A breakage's own requests meet the defects after it: list the kinds that change the key last, so
 * that the requests of the others reach the backend authenticated whatever key the client sent.
 */
export function combineBreakages(breakages: readonly Breakage[]): Breakage {
  return breakages.reduceRight<Breakage>(
    (inner, outer) => (request, upstream) =>
      outer(request, { origin: upstream.origin, forward: (next) => inner(next, upstream) }),
    (request, upstream) => upstream.forward(request),
  );
}

// Per connection, or computed again from the body the proxy writes.
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "content-length", "host", "content-encoding"];

export function withoutHopByHop(headers: Headers): Headers {
  const copy = new Headers(headers);
  for (const name of HOP_BY_HOP) {
    copy.delete(name);
  }
  return copy;
}

/**
 * The upstream of a broken backend at `ownOrigin()` in front of the backend at `upstreamOrigin`, reached
 * with `send` (the global fetch over HTTP; the mock's fetch handler in process).
 */
export function upstreamOver(
  send: (request: Request) => Promise<Response>,
  upstreamOrigin: string,
  ownOrigin: () => string,
): Upstream {
  return {
    get origin() {
      return ownOrigin();
    },
    async forward(request) {
      const hasBody = request.body.byteLength > 0 && request.method !== "GET" && request.method !== "HEAD";
      const response = await send(
        new Request(`${upstreamOrigin}${request.target}`, {
          method: request.method,
          headers: request.headers,
          body: hasBody ? request.body : undefined,
          redirect: "manual",
        }),
      );
      const headers = withoutHopByHop(response.headers);
      // A HEAD answer's length is the GET's, not that of its empty body.
      const headLength = request.method === "HEAD" ? response.headers.get("content-length") : null;
      if (headLength !== null) {
        headers.set("content-length", headLength);
      }
      const origin = ownOrigin();
      for (const name of ["location", "link"]) {
        const value = headers.get(name);
        if (value !== null) {
          headers.set(name, value.replaceAll(upstreamOrigin, origin));
        }
      }
      return { status: response.status, headers, body: await bytesOf(response.body) };
    },
  };
}

/**
 * The whole of a body, read once: one chunk (a body made from bytes, as the mock's are) as it comes, more
 * joined; none, an empty body. `arrayBuffer()` costs a copy and a round of promises more on every exchange.
 */
export async function bytesOf(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array<ArrayBuffer>> {
  if (body === null) {
    return new Uint8Array();
  }
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
  }
  return chunks.length === 1 && chunks[0]!.buffer instanceof ArrayBuffer
    ? (chunks[0] as Uint8Array<ArrayBuffer>)
    : Buffer.concat(chunks);
}

/** Whether an answer to `method` with `status` carries a body (and so a `Content-Length` of its own). */
export const carriesBody = (method: string, status: number): boolean =>
  method !== "HEAD" && status !== 204 && status !== 304;
