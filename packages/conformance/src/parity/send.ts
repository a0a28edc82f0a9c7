// Sends the parity requests: over a raw socket to a server (byte for byte, so absolute-form targets and a
// missing Host can be sent), or to a Fetch handler in process; each answer reduced to what is compared.
import { connect } from "node:net";
import type { ParityRequest } from "./requests.js";

/** What is compared of an answer: the status, the headers that matter, the body (JSON parsed), with the server's own origin as `{origin}`. */
export interface ParityAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Headers a client acts on; others (Date, Connection, Keep-Alive, Server) are the runtime's own. */
const COMPARED_HEADERS = [
  "content-type",
  "content-length",
  "allow",
  "location",
  "link",
  "x-total-count",
  "www-authenticate",
  "deprecation",
  "sunset",
  "retry-after",
  "vary",
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-expose-headers",
  "access-control-max-age",
];

const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

/** The answer as compared: `origin` becomes `{origin}`, and the times of this run become `{time}`. */
export function reduceAnswer(
  status: number,
  headers: Headers | Map<string, string>,
  text: string,
  origin: string,
): ParityAnswer {
  const normal = (value: string) => value.replaceAll(origin, "{origin}").replace(TIMESTAMP, "{time}");
  const kept: Record<string, string> = {};
  for (const name of COMPARED_HEADERS) {
    const value = headers.get(name);
    if (value !== null && value !== undefined) {
      kept[name] = normal(value);
    }
  }
  let body: unknown = text === "" ? null : normal(text);
  if (text !== "" && (kept["content-type"] ?? "").includes("json")) {
    try {
      body = JSON.parse(normal(text));
    } catch {
      // Kept as text: the comparison shows it.
    }
  }
  return { status, headers: kept, body };
}

/** The request as it goes on the wire to the server at `origin` (`http://127.0.0.1:PORT`). */
export function rawRequest(request: ParityRequest, origin: string): string {
  const host = request.host === undefined ? new URL(origin).host : request.host;
  const lines = [`${request.method} ${request.target.replace("{origin}", origin)} HTTP/1.1`];
  if (host !== null) {
    lines.push(`Host: ${host}`);
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    lines.push(`${name}: ${value}`);
  }
  const body = request.body === undefined ? "" : request.body;
  if (request.body !== undefined) {
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  lines.push("Connection: close", "", body);
  return lines.join("\r\n");
}

/** Sends the request on a connection of its own; resolves with the answer once the server closes it. */
export function sendRaw(request: ParityRequest, origin: string): Promise<ParityAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(rawRequest(request, origin)));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const split = raw.indexOf("\r\n\r\n");
      const [statusLine = "", ...headerLines] = raw.slice(0, split).split("\r\n");
      const headers = new Map<string, string>();
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
      }
      let text = split === -1 ? "" : raw.slice(split + 4);
      if (headers.get("transfer-encoding")?.includes("chunked")) {
        text = unchunk(text);
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      resolve(reduceAnswer(status, headers, text, origin));
    });
  });
}

function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const end = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, end), 16);
    if (!size) {
      return out;
    }
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}

/** Sends the request to a Fetch handler in process, as a server would hand it over (with its Host). */
export async function sendInProcess(
  handle: (request: Request) => Promise<Response>,
  request: ParityRequest,
  origin: string,
): Promise<ParityAnswer | undefined> {
  if (request.host === null || !request.target.startsWith("/")) {
    // What only a wire can carry: no Host, an absolute-form target.
    return undefined;
  }
  const host = request.host ?? new URL(origin).host;
  const url = `http://${host}${request.target}`;
  const response = await handle(
    new Request(url, {
      method: request.method,
      headers: { ...request.headers, Host: host },
      ...(request.body === undefined ? {} : { body: request.body }),
    }),
  );
  const text = await response.text();
  return reduceAnswer(response.status, response.headers, text, origin);
}
