// `x-affects`, checked against the backend rather than trusted: after each write that succeeds
// (2xx), every read whose answer it changed must be one its `x-affects` names, with `parameters`
// equal to their expressions evaluated on the write. How the reads before and after the write are
// taken: affects-reads.ts; which reads: affects-calls.ts.

import { route } from "@petstore/contract";
import type { ApiRequest, ApiResponse } from "../http/target.js";
import type { ReadCall, Write } from "./affects-calls.js";
import { type Answers, preRead, readAround } from "./affects-reads.js";
import type { AffectEntry, AffectsTable } from "./affects-table.js";
import { describeEntry, describeParams, describeWrite, evaluate } from "./affects-text.js";
import { Failure, type Real } from "./command.js";
import { type Answer, difference, divergence } from "./diff.js";
import { fieldAt, recordsOf } from "./fields.js";

/**
 * The check, for a `Real` (`real.affects`): `send` of the model's commands hands it every request,
 * and it checks each write that succeeds alone (writes sent together, as concurrent orders are, are
 * not: their effects cannot be told apart). `perOperation` bounds the writes checked per operation
 * (pre-read mode costs reads before every write, even those that fail).
 */
export class AffectsCheck {
  /** Writes checked, and the reads they cost. */
  writes = 0;
  reads = 0;
  /** How many checked writes each entry (`write → read`) was needed for. */
  readonly needed = new Map<string, number>();
  readonly #checkedPerOperation = new Map<string, number>();
  readonly #inFlight = new Set<{ overlapped: boolean }>();
  #checking = false;

  constructor(
    readonly table: AffectsTable,
    readonly perOperation = Number.POSITIVE_INFINITY,
    /** Checks the writes of this operation only (a shrinker's attempts at one finding); all when absent. */
    readonly only?: string,
  ) {
    for (const [write, entries] of table) {
      for (const entry of entries) {
        this.needed.set(AffectsCheck.entryName(write, entry), 0);
      }
    }
  }

  static entryName(write: string, entry: AffectEntry): string {
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
    const operationId = found?.operation.operationId ?? "";
    if (
      !found ||
      found.operation.method === "GET" ||
      (this.only !== undefined && operationId !== this.only) ||
      (this.#checkedPerOperation.get(operationId) ?? 0) >= this.perOperation
    ) {
      return real.target.send(request);
    }
    if (this.#checking) {
      throw new Failure(
        "x-affects",
        `${request.method} ${request.url} was sent while the x-affects check of another write ran`,
      );
    }
    const token = { overlapped: this.#inFlight.size > 0 };
    for (const other of this.#inFlight) {
      other.overlapped = true;
    }
    this.#inFlight.add(token);
    const write: Write = { ...found, request, body };
    try {
      const snapshot = real.observe && real.restore ? real.observe() : undefined;
      const answers: Answers = { before: new Map(), after: new Map() };
      const calls = new Map<string, ReadCall>();
      if (!snapshot && !token.overlapped) {
        await preRead((url) => this.#read(real, url), write, calls, answers);
      }
      write.response = await real.target.send(request);
      if (token.overlapped || write.response.status < 200 || write.response.status >= 300) {
        return write.response;
      }
      this.#checking = true;
      this.writes++;
      this.#checkedPerOperation.set(operationId, (this.#checkedPerOperation.get(operationId) ?? 0) + 1);
      if (snapshot) {
        await readAround((url) => this.#read(real, url), real, snapshot, write, calls, answers);
      } else {
        for (const call of calls.values()) {
          answers.after.set(call.url, await this.#read(real, call.url));
        }
      }
      this.#judge(write, calls, answers);
      return write.response;
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

  /** Fails unless every read that changed is one an entry of the write's `x-affects` covers. */
  #judge(write: Write, calls: Map<string, ReadCall>, answers: Answers): void {
    const entries = this.table.get(write.operation.operationId) ?? [];
    const problems: string[] = [];
    const fields = new Set<string>();
    for (const [url, call] of calls) {
      const [before, after] = [answers.before.get(url)!, answers.after.get(url)!];
      const change = difference(before, after);
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
      // A record added or removed changes the status of a read by id, or a list's count; else a field changed.
      const same = before.status === after.status && before.total === after.total;
      const field = same ? fieldAt(divergence(before.body, after.body).at) : "record";
      fields.add(`${recordsOf(call.operation.operationId)}.${field}`);
      const read = `${call.operation.operationId} (GET ${url}${Object.keys(call.params).length ? `: ${describeParams(call.params)}` : ""})`;
      problems.push(
        named.length
          ? `${read} changed, but x-affects names it only for ${named.map((entry) => describeEntry(entry, write)).join(" or ")}: ${change}`
          : `${read} changed, and x-affects does not name ${call.operation.operationId}: ${change}`,
      );
    }
    if (problems.length) {
      // The fact first (what changed, on which write), then the reads that saw it.
      const failure = new Failure(
        "x-affects",
        `${[...fields].join(", ")} changed, undeclared: ${describeWrite(write)} changed reads that its x-affects does not cover:\n  ${problems.join("\n  ")}`,
        `only the reads its x-affects names change`,
        problems[0] ?? "",
      );
      failure.fields = [...fields].sort();
      // The write's failure, not the last read's around it (that read only saw it).
      failure.where = write.operation.operationId;
      throw failure;
    }
  }
}

export { type AffectsTable, documentAffects, withoutEntry } from "./affects-table.js";
