// `x-affects`, checked against the mock rather than trusted: after each write that succeeds (2xx),
// every read whose answer it changed must be one its `x-affects` names, with `parameters` equal to
// their expressions evaluated on the write. The reads are sent twice: on the state the write left,
// and on the state before it (the store restored from a snapshot taken before the write, then put
// back), so only successful writes cost reads, and even the records a write creates are read before.
//
// Which reads: every list (its first page, at the largest `limit`: the fuzzed store is small), and
// the by-id reads of the ids the write names (its path parameters, the fields of its request and
// response bodies, `id` of a record of the read's collection), of the ids those records name (an
// order's pet, a pet's category), and of one more record of each collection.

import {
  type DocAffect,
  type DocOperation,
  evaluateExpression,
  operations,
  pageSize,
  parseExpression,
  route,
} from "@petstore/contract";
import type { StoreSnapshot } from "@petstore/mock";
import type { ApiRequest, ApiResponse } from "../targets/target.js";
import { canonical, Failure, type Real } from "./command.js";

/** Each operation's `x-affects` (an empty list for reads), by operationId. */
export type AffectsTable = ReadonlyMap<string, readonly DocAffect[]>;

/** The document's `x-affects`, read through the contract. */
export const documentAffects: AffectsTable = new Map(
  operations.map((operation) => [operation.operationId, operation.affects]),
);

/** A copy of `table` without the entries of `write` that name `read`: a table the check must reject. */
export function withoutEntry(table: AffectsTable, write: string, read: string): AffectsTable {
  const copy = new Map(table);
  const entries = copy.get(write) ?? [];
  if (!entries.some((entry) => entry.operationId === read)) {
    throw new Error(`x-affects of ${write} has no entry for ${read}`);
  }
  const kept = entries.filter((entry) => entry.operationId !== read);
  copy.set(write, kept);
  return copy;
}

const reads = operations.filter((operation) => operation.method === "GET");
const pathParameters = (operation: DocOperation) =>
  operation.parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
/** A by-id read's collection: its path without the last `/{parameter}` (`/pets/{petId}` → `/pets`). */
const collectionOf = (operation: DocOperation) => operation.path.replace(/\/\{[^/}]+\}$/, "");
const lists = reads.filter((read) => pathParameters(read).length === 0);
const byIdReads = reads.filter((read) => pathParameters(read).length > 0);
/** The most calls of one by-id read per write (the product of its parameters' candidate values). */
const MAX_CALLS_PER_READ = 12;

interface ReadCall {
  operation: DocOperation;
  url: string;
  /** Its path parameters. */
  params: Record<string, string>;
}

interface Answer {
  status: number;
  total: string | null;
  body: unknown;
}

interface Write {
  operation: DocOperation;
  params: Record<string, string>;
  request: ApiRequest;
  body: unknown;
  response: ApiResponse;
}

/** Candidate values of path parameters, by parameter name. */
type Values = Map<string, Set<string>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isKey = (value: unknown): value is string | number =>
  (typeof value === "number" && Number.isSafeInteger(value)) || (typeof value === "string" && value !== "");

function add(values: Values, name: string, value: unknown): void {
  if (isKey(value)) {
    const set = values.get(name) ?? new Set();
    set.add(String(value));
    values.set(name, set);
  }
}

/** Short text of a value for a failure message. */
const brief = (value: unknown) => {
  const text = value === undefined ? "(none)" : canonical(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** The first place two JSON values differ, as `[2].quantity: 5 → 4`; "" when they do not. */
function firstDifference(before: unknown, after: unknown, at = ""): string {
  if (canonical(before) === canonical(after)) {
    return "";
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const here = `${at}[${index}]`;
      if (index >= before.length) {
        return `${here} added: ${brief(after[index])}`;
      }
      if (index >= after.length) {
        return `${here} removed: ${brief(before[index])}`;
      }
      const found = firstDifference(before[index], after[index], here);
      if (found) {
        return found;
      }
    }
  }
  if (isRecord(before) && isRecord(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      const here = at ? `${at}.${key}` : key;
      if (!(key in before)) {
        return `${here} added: ${brief(after[key])}`;
      }
      if (!(key in after)) {
        return `${here} removed: ${brief(before[key])}`;
      }
      const found = firstDifference(before[key], after[key], here);
      if (found) {
        return found;
      }
    }
  }
  return `${at || "body"}: ${brief(before)} → ${brief(after)}`;
}

/** What changed between two answers of one read, in one line; "" when nothing did. */
function difference(before: Answer, after: Answer): string {
  if (before.status !== after.status) {
    return `status ${before.status} → ${after.status} (${brief(before.body)} → ${brief(after.body)})`;
  }
  const total = before.total === after.total ? "" : `X-Total-Count ${before.total} → ${after.total}`;
  const body = firstDifference(before.body, after.body);
  return [total, body].filter(Boolean).join("; ");
}

/** Evaluates an `x-affects` runtime expression on a write; `undefined` when it names nothing there. */
function evaluate(expression: string, write: Write): string | undefined {
  if (!parseExpression(expression)) {
    throw new Failure(`x-affects of ${write.operation.operationId}: ${expression} is not a runtime expression`);
  }
  const value = evaluateExpression(expression, {
    path: write.params,
    requestBody: write.body,
    responseBody: write.response.json,
  });
  return isKey(value) ? String(value) : undefined;
}

/** A string hash (FNV-1a), so the extra records read for a write are the same on a replay. */
function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) {
    value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  }
  return value >>> 0;
}

const describeWrite = ({ operation, request, body, response }: Write) =>
  `${operation.operationId} (${request.method} ${request.url}${body === undefined ? "" : ` ${brief(body)}`} → ${response.status})`;
const describeParams = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(", ");
const describeEntry = (entry: DocAffect, write: Write) =>
  describeParams(
    Object.fromEntries(
      Object.entries(entry.parameters).map(([name, expression]) => [
        name,
        `${expression} (= ${evaluate(expression, write) ?? "nothing"})`,
      ]),
    ),
  );

/**
 * The check, for a `Real` (`real.affects`): `send` of the model's commands hands it every request,
 * and it checks each write that succeeds alone (writes sent together, as concurrent orders are, are
 * not: a snapshot cannot tell their effects apart).
 */
export class AffectsCheck {
  /** Writes checked, and the reads they cost. */
  writes = 0;
  reads = 0;
  /** How many checked writes each entry (`write → read`) was needed for. */
  readonly needed = new Map<string, number>();
  readonly #inFlight = new Set<{ overlapped: boolean }>();
  #checking = false;

  constructor(readonly table: AffectsTable) {
    for (const [write, entries] of table) {
      for (const entry of entries) {
        this.needed.set(AffectsCheck.entryName(write, entry), 0);
      }
    }
  }

  static entryName(write: string, entry: DocAffect): string {
    const params = describeParams(entry.parameters);
    return `${write} → ${entry.operationId}${params ? `(${params})` : ""}`;
  }

  /** The entries of the table that no checked write needed. */
  neverNeeded(): string[] {
    return [...this.needed].filter(([, count]) => count === 0).map(([name]) => name);
  }

  /** Sends `request` (a JSON `body`, parsed) through the target; checks it when it is a write that succeeds alone. */
  async send(real: Real, request: ApiRequest, body: unknown): Promise<ApiResponse> {
    const found = route(request.method, request.url.split("?")[0]!);
    if (!found || found.operation.method === "GET") {
      return real.target.send(request);
    }
    if (this.#checking) {
      throw new Failure(`${request.method} ${request.url} was sent while the x-affects check of another write ran`);
    }
    const token = { overlapped: this.#inFlight.size > 0 };
    for (const other of this.#inFlight) {
      other.overlapped = true;
    }
    this.#inFlight.add(token);
    try {
      const before = real.store.snapshot();
      const response = await real.target.send(request);
      if (!token.overlapped && response.status >= 200 && response.status < 300) {
        this.#checking = true;
        await this.#check(real, before, { ...found, request, body, response });
      }
      return response;
    } finally {
      this.#checking = false;
      this.#inFlight.delete(token);
    }
  }

  async #read(real: Real, url: string): Promise<Answer> {
    this.reads++;
    const response = await real.target.send({ method: "GET", url });
    return { status: response.status, total: response.headers.get("x-total-count"), body: response.json };
  }

  async #check(real: Real, before: StoreSnapshot, write: Write): Promise<void> {
    this.writes++;
    const after = real.store.snapshot();
    const answers = { before: new Map<string, Answer>(), after: new Map<string, Answer>() };
    const calls = new Map<string, ReadCall>();
    const values = this.#valuesOf(write);
    const spin = hash(`${write.request.method} ${write.request.url} ${write.response.text}`);
    let pending: ReadCall[] = [...lists.map((list) => this.#listCall(list)), ...this.#byIdCalls(values, calls)];
    let state: "before" | "after" = "after";
    try {
      // Round 1 reads the lists and the records the write names; rounds 2 and 3 the records those name.
      for (let round = 0; pending.length > 0 && round < 3; round++) {
        const phases: ("before" | "after")[] = state === "after" ? ["after", "before"] : ["before", "after"];
        for (const phase of phases) {
          if (phase !== state) {
            await real.store.restore(phase === "before" ? before : after);
            state = phase;
          }
          for (const call of pending) {
            answers[phase].set(call.url, await this.#read(real, call.url));
          }
        }
        for (const call of pending) {
          calls.set(call.url, call);
          for (const phase of ["before", "after"] as const) {
            this.#collect(values, call, answers[phase].get(call.url)!, spin);
          }
        }
        pending = this.#byIdCalls(values, calls);
      }
    } finally {
      if (state !== "after") {
        await real.store.restore(after);
      }
    }
    this.#judge(write, calls, answers);
  }

  /** The values the write names: its path parameters, the fields of its bodies, and `id` of a record of a read's collection. */
  #valuesOf(write: Write): Values {
    const values: Values = new Map();
    for (const [name, value] of Object.entries(write.params)) {
      add(values, name, value);
    }
    for (const body of [write.body, write.response.json]) {
      if (!isRecord(body)) {
        continue;
      }
      for (const [name, value] of Object.entries(body)) {
        add(values, name, value);
      }
      for (const read of byIdReads) {
        const [parameter] = pathParameters(read);
        if (pathParameters(read).length === 1 && [collectionOf(read), read.path].includes(write.operation.path)) {
          add(values, parameter!, body.id);
        }
      }
    }
    return values;
  }

  /** Adds the values an answer names: the fields of a record read by id; one record of each list's collection. */
  #collect(values: Values, call: ReadCall, answer: Answer, spin: number): void {
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
    for (const read of byIdReads) {
      const [parameter] = pathParameters(read);
      if (pathParameters(read).length === 1 && collectionOf(read) === call.operation.path && isRecord(record)) {
        add(values, parameter!, record.id ?? record[parameter!]);
      }
    }
  }

  #listCall(list: DocOperation): ReadCall {
    const paged = list.parameters.some((parameter) => parameter.name === "limit");
    return { operation: list, url: `${list.path}${paged ? `?limit=${pageSize.maximum}` : ""}`, params: {} };
  }

  /** The by-id calls that the values allow and that were not made yet. */
  #byIdCalls(values: Values, made: Map<string, ReadCall>): ReadCall[] {
    const calls: ReadCall[] = [];
    for (const read of byIdReads) {
      let combinations: Record<string, string>[] = [{}];
      for (const parameter of pathParameters(read)) {
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

  /** Fails unless every read that changed is one an entry of the write's `x-affects` covers. */
  #judge(write: Write, calls: Map<string, ReadCall>, answers: Record<"before" | "after", Map<string, Answer>>): void {
    const entries = this.table.get(write.operation.operationId) ?? [];
    const problems: string[] = [];
    for (const [url, call] of calls) {
      const change = difference(answers.before.get(url)!, answers.after.get(url)!);
      if (!change) {
        continue;
      }
      const named = entries.filter((entry) => entry.operationId === call.operation.operationId);
      const covering = named.find((entry) =>
        Object.entries(entry.parameters).every(
          ([name, expression]) => evaluate(expression, write) === call.params[name],
        ),
      );
      if (covering) {
        const name = AffectsCheck.entryName(write.operation.operationId, covering);
        this.needed.set(name, (this.needed.get(name) ?? 0) + 1);
        continue;
      }
      const read = `${call.operation.operationId} (GET ${url}${Object.keys(call.params).length ? `: ${describeParams(call.params)}` : ""})`;
      problems.push(
        named.length
          ? `${read} changed, but x-affects names it only for ${named.map((entry) => describeEntry(entry, write)).join(" or ")}: ${change}`
          : `${read} changed, and x-affects does not name ${call.operation.operationId}: ${change}`,
      );
    }
    if (problems.length) {
      throw new Failure(
        `${describeWrite(write)} changed reads that its x-affects does not cover:\n  ${problems.join("\n  ")}`,
      );
    }
  }
}
