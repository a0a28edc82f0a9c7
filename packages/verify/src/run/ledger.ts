// What the run did to the backend, record by record: every write that succeeded, as the owner of a
// shared backend asks first ("what did it create, change and delete, and is it all gone again?").

import type { LedgerEntry } from "../report.js";

/** The collections by path, in the order a report lists them. */
const COLLECTIONS = ["/categories/", "/pets/", "/store/orders/"];

const sortKey = (path: string) => {
  const collection = COLLECTIONS.findIndex((prefix) => path.startsWith(prefix));
  return [collection, Number(path.slice(path.lastIndexOf("/") + 1))] as const;
};

export class Ledger {
  readonly #entries = new Map<string, LedgerEntry>();

  #entry(path: string): LedgerEntry {
    let entry = this.#entries.get(path);
    if (!entry) {
      entry = { path, created: false, changes: 0, deleted: false };
      this.#entries.set(path, entry);
    }
    return entry;
  }

  /**
   * Counts one exchange: `path` below the base URL, without its query; `created` the path of what a
   * 201 made (from `Location`, or the collection and the body's id).
   */
  record(method: string, path: string, status: number, created: string | undefined): void {
    if (status < 200 || status > 299 || method === "GET" || method === "HEAD") {
      return;
    }
    if (method === "POST" && created) {
      this.#entry(created).created = true;
    } else if (method === "DELETE" && status === 204) {
      this.#entry(path).deleted = true;
    } else if (method === "PUT" || method === "PATCH") {
      // A pet's stock is part of the pet: its inventory entry comes and goes with it.
      this.#entry(path.replace(/^\/store\/inventory\//, "/pets/")).changes++;
    }
  }

  entries(): LedgerEntry[] {
    return [...this.#entries.values()].sort((a, b) => {
      const [ca, ia] = sortKey(a.path);
      const [cb, ib] = sortKey(b.path);
      return ca - cb || ia - ib;
    });
  }
}

/** The path of the record a 201 made: its `Location` below the base path, or the collection and the body's id. */
export function createdPath(
  basePath: string,
  path: string,
  location: string | null,
  json: unknown,
): string | undefined {
  if (location) {
    const below = new URL(location, "http://base.invalid").pathname;
    return below.startsWith(basePath) ? below.slice(basePath.length) || "/" : below;
  }
  const id = (json as { id?: unknown } | undefined)?.id;
  return typeof id === "number" ? `${path.replace(/\/$/, "")}/${id}` : undefined;
}
