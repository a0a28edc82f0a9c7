// A plain JSON client for the tests' own requests to a backend: status, headers and parsed body.
import { DEMO_API_KEY } from "@petstore/mock";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The JSON body when it is an object (an empty object otherwise). */
  body: Record<string, unknown>;
  /** The JSON body when it is an array, as of a list (an empty array otherwise). */
  list: Record<string, unknown>[];
}

export interface ApiOptions {
  /** The bearer key; `null` sends no Authorization header. Default: the demo key. */
  key?: string | null;
  /** The whole Authorization header, as sent (`Basic …`); it wins over `key`. */
  authorization?: string;
}

export type Api = (method: string, path: string, json?: unknown, options?: ApiOptions) => Promise<ApiAnswer>;

/** The client of the backend at `baseUrl`, reached with `send` (default: the global fetch). */
export function apiAt(baseUrl: string, send: (url: string, init: RequestInit) => Promise<Response> = fetch): Api {
  return async (method, path, json, { key = DEMO_API_KEY, authorization } = {}) => {
    const headers = new Headers({ accept: "application/json" });
    if (authorization !== undefined) {
      headers.set("authorization", authorization);
    } else if (key !== null) {
      headers.set("authorization", `Bearer ${key}`);
    }
    if (json !== undefined) {
      headers.set("content-type", "application/json");
    }
    const response = await send(`${baseUrl}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    const isList = Array.isArray(parsed);
    const isObject = typeof parsed === "object" && parsed !== null && !isList;
    return {
      status: response.status,
      headers: response.headers,
      body: isObject ? (parsed as Record<string, unknown>) : {},
      list: isList ? parsed : [],
    };
  };
}

/** Every record of a list operation, page by page at the largest page size. */
export async function readAll(api: Api, path: string): Promise<unknown[]> {
  const records: unknown[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await api("GET", `${path}?limit=100&offset=${offset}`);
    if (page.status !== 200) {
      throw new Error(`GET ${path} answered ${page.status}: ${JSON.stringify(page.body)}`);
    }
    records.push(...page.list);
    if (offset + 100 >= Number(page.headers.get("x-total-count"))) {
      return records;
    }
  }
}
