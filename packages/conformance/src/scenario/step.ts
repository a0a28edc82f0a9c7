// One step of the scenario: a request, and the status (and code) the document promises for it.
import type { ApiRequest } from "../targets/target.js";

export interface Step {
  name: string;
  request: ApiRequest | ((saved: Record<string, number>) => ApiRequest);
  status: number;
  code?: string;
  /** Keep the `id` of the created record under this name. */
  save?: string;
}

export const json = (method: string, url: string, body: unknown): ApiRequest => ({
  method,
  url,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
export const get = (url: string): ApiRequest => ({ method: "GET", url, headers: {} });
export const del = (url: string): ApiRequest => ({ method: "DELETE", url });
