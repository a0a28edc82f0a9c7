// Which reads the x-affects check makes around a write: every list (its first page, at the largest
// `limit`), and the by-id reads of the ids the write names (its path parameters, the fields of its
// request and response bodies, `id` of a record of the read's collection), of the ids those records
// name (an order's pet, a pet's category), and of one more record of each collection.

import { type DocOperation, operations, pageSize } from "@petstore/contract";
import type { ApiRequest, ApiResponse } from "../http/target.js";
import { type Answer, isRecord } from "./diff.js";

/** A write as the check sees it; `response` is missing before it is sent. */
export interface Write {
  operation: DocOperation;
  params: Record<string, string>;
  request: ApiRequest;
  body: unknown;
  response?: ApiResponse;
}

export interface ReadCall {
  operation: DocOperation;
  url: string;
  /** Its path parameters. */
  params: Record<string, string>;
}

/** Candidate values of path parameters, by parameter name. */
export type Values = Map<string, Set<string>>;

const reads = operations.filter((operation) => operation.method === "GET");
const pathParameters = (operation: DocOperation) =>
  operation.parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
/** A by-id read's collection: its path without the last `/{parameter}` (`/pets/{petId}` → `/pets`). */
const collectionOf = (operation: DocOperation) => operation.path.replace(/\/\{[^/}]+\}$/, "");
const lists = reads.filter((read) => pathParameters(read).length === 0);
/** The by-id reads, each with its path parameters and its collection, worked out once rather than per write. */
const byIdReads = reads
  .filter((read) => pathParameters(read).length > 0)
  .map((read) => ({ read, parameters: pathParameters(read), collection: collectionOf(read) }));
/** The most calls of one by-id read per write (the product of its parameters' candidate values). */
const MAX_CALLS_PER_READ = 12;

export const isKey = (value: unknown): value is string | number =>
  (typeof value === "number" && Number.isSafeInteger(value)) || (typeof value === "string" && value !== "");

function add(values: Values, name: string, value: unknown): void {
  if (isKey(value)) {
    const set = values.get(name) ?? new Set();
    set.add(String(value));
    values.set(name, set);
  }
}

/** A string hash (FNV-1a), so the extra records read for a write are the same on a replay. */
export function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) {
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  }
  return value >>> 0;
}

/** Every list, at its first page. */
export const listCalls = (): ReadCall[] =>
  lists.map((list) => {
    const paged = list.parameters.some((parameter) => parameter.name === "limit");
    return { operation: list, url: `${list.path}${paged ? `?limit=${pageSize.maximum}` : ""}`, params: {} };
  });

/** The values the write names: its path parameters, the fields of its bodies, and `id` of a record of a read's collection. */
export function valuesOf(write: Write): Values {
  const values: Values = new Map();
  for (const [name, value] of Object.entries(write.params)) {
    add(values, name, value);
  }
  for (const body of [write.body, write.response?.json]) {
    if (!isRecord(body)) {
      continue;
    }
    for (const [name, value] of Object.entries(body)) {
      add(values, name, value);
    }
    for (const { read, parameters, collection } of byIdReads) {
      if (parameters.length === 1 && [collection, read.path].includes(write.operation.path)) {
        add(values, parameters[0]!, body.id);
      }
    }
  }
  return values;
}

/** Adds the values an answer names: the fields of a record read by id; one record of each list's collection. */
export function collect(values: Values, call: ReadCall, answer: Answer, spin: number): void {
  if (isRecord(answer.body) && answer.status < 300) {
    for (const [name, value] of Object.entries(answer.body)) {
      if (name !== "id") {
        add(values, name, value);
      }
    }
  }
  if (!Array.isArray(answer.body) || answer.body.length === 0) {
    return;
  }
  const record = answer.body[spin % answer.body.length];
  for (const { parameters, collection } of byIdReads) {
    const [parameter] = parameters;
    if (parameters.length === 1 && collection === call.operation.path && isRecord(record)) {
      add(values, parameter!, record.id ?? record[parameter!]);
    }
  }
}

/** The by-id calls that the values allow and that were not made yet. */
export function byIdCalls(values: Values, made: ReadonlyMap<string, ReadCall>): ReadCall[] {
  const calls: ReadCall[] = [];
  for (const { read, parameters } of byIdReads) {
    let combinations: Record<string, string>[] = [{}];
    for (const parameter of parameters) {
      const candidates = [...(values.get(parameter) ?? [])];
      combinations = combinations.flatMap((params) => candidates.map((value) => ({ ...params, [parameter]: value })));
    }
    for (const params of combinations.slice(0, MAX_CALLS_PER_READ)) {
      const url = read.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(params[name]!));
      if (!made.has(url) && !calls.some((call) => call.url === url)) {
        calls.push({ operation: read, url, params });
      }
    }
  }
  return calls;
}
