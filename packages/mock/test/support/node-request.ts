// node:http requests for what fetch cannot send: a chosen Host header, none at all, an absolute-form target.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export interface NodeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface NodeRequest {
  method?: string;
  /** The request target as sent: a path, or an absolute URL (absolute form). */
  target: string;
  headers?: Record<string, string>;
  /** Sends no Host header unless `headers` has one. */
  noHost?: boolean;
  body?: string;
}

/** Sends one request to 127.0.0.1:`port` on a fresh connection. */
export function nodeRequest(port: number, init: NodeRequest): Promise<NodeResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: init.method ?? "GET",
        path: init.target,
        headers: init.headers,
        setHost: !init.noHost,
        agent: false,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}
