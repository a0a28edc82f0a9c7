// A small HTTP reverse proxy on 127.0.0.1 in front of a real backend: each request goes through a
// `Breakage` (./upstream.ts), which forwards it (and may send requests of its own) and returns the
// answer to give. The in-process twin, without sockets, is ./broken-fetch.ts.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { type Breakage, carriesBody, type ProxiedRequest, upstreamOver, withoutHopByHop } from "./upstream.js";

export type { Breakage, ProxiedRequest, ProxiedResponse, Upstream } from "./upstream.js";

export interface RunningProxy {
  /** `http://127.0.0.1:PORT` */
  url: string;
  close(): Promise<void>;
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
  let ownOrigin = "";
  const upstream = upstreamOver(
    (request) => fetch(request),
    new URL(upstreamUrl).origin,
    () => ownOrigin,
  );

  const server = createServer(async (incoming, outgoing) => {
    try {
      const request = await readRequest(incoming);
      const answer = await breakage(request, upstream);
      const headers = new Headers(answer.headers);
      if (carriesBody(request.method, answer.status)) {
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
