// One step of the scenario: a request, and the status (and code) the document promises for it.
import { sampleRequests } from "@petstore/contract";
import type { ApiRequest } from "@petstore/verify/model";

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

/** The operation a step calls: its name up to the first `:` or space (`getPet: not found` → `getPet`). */
export const operationOf = (step: Pick<Step, "name">): string => step.name.split(/[: ]/)[0]!;

/** The document's sample request of an operation (`@petstore/contract`: its examples), as a request. */
export function sample(operationId: string): ApiRequest {
  const found = sampleRequests.get(operationId);
  if (!found) {
    throw new Error(`${operationId} is not an operation of the document`);
  }
  const { method, url, body } = found;
  return body === undefined ? { method, url, headers: {} } : json(method, url, body);
}
