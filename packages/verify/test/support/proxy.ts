// A small HTTP reverse proxy on 127.0.0.1 in front of a real backend: each request goes through a
// `Breakage`, which forwards it (and may send requests of its own) and returns the answer to give.
// Upstream URLs in `Location` and `Link` are rewritten to the proxy's, as a real gateway does, so a
// client that follows them stays behind the proxy.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the proxy received it; `target` is the path with its query, e.g. `/pets?limit=5`. */
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
  /** Sends the request to the backend as it is. */
  forward(request: ProxiedRequest): Promise<ProxiedResponse>;
}

/** Breaks one rule: turns each request into the answer the proxy gives, through `upstream`. */
export type Breakage = (request: ProxiedRequest, upstream: Upstream) => Promise<ProxiedResponse>;

export interface RunningProxy {
  /** `http://127.0.0.1:PORT` */
  url: string;
  close(): Promise<void>;
}

// Per connection, or computed again from the body the proxy writes.
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "content-length", "host", "content-encoding"];

function withoutHopByHop(headers: Headers): Headers {
  const copy = new Headers(headers);
  for (const name of HOP_BY_HOP) {
    copy.delete(name);
  }
  return copy;
}

async function readRequest(incoming: IncomingMessage): Promise<ProxiedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) {
    chunks.push(chunk as Buffer);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, one);
    }
  }
  return {
    method: incoming.method ?? "GET",
    target: incoming.url ?? "/",
    headers: withoutHopByHop(headers),
    body: Buffer.concat(chunks),
  };
}

/** Starts a proxy to `upstreamUrl` that answers through `breakage`. */
export async function startProxy(upstreamUrl: string, breakage: Breakage): Promise<RunningProxy> {
  const upstreamOrigin = new URL(upstreamUrl).origin;
  let ownOrigin = "";
  const upstream: Upstream = {
    async forward(request) {
      const hasBody = request.body.byteLength > 0 && request.method !== "GET" && request.method !== "HEAD";
      const response = await fetch(`${upstreamOrigin}${request.target}`, {
        method: request.method,
        headers: request.headers,
        body: hasBody ? request.body : undefined,
        redirect: "manual",
      });
      const headers = withoutHopByHop(response.headers);
      // A HEAD answer's length is the GET's, not that of its empty body.
      const headLength = request.method === "HEAD" ? response.headers.get("content-length") : null;
      if (headLength !== null) {
        headers.set("content-length", headLength);
      }
      for (const name of ["location", "link"]) {
        const value = headers.get(name);
        if (value !== null) {
          headers.set(name, value.replaceAll(upstreamOrigin, ownOrigin));
        }
      }
      return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) };
    },
  };

  const server = createServer(async (incoming, outgoing) => {
    try {
      const request = await readRequest(incoming);
      const answer = await breakage(request, upstream);
      const headers = new Headers(answer.headers);
      if (request.method !== "HEAD" && answer.status !== 204 && answer.status !== 304) {
        headers.set("content-length", String(answer.body.byteLength));
      }
      outgoing.writeHead(answer.status, Object.fromEntries(headers));
      outgoing.end(answer.body);
    } catch (error) {
      // The proxy's own failure, told apart from anything the backend says.
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`broken-backend proxy failed: ${(error as Error).message}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  ownOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: ownOrigin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
