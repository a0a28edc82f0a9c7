// Safe reads answered again from what the same read answered before, while its session's store has not changed:
// the operation, the copy of its records and the JSON of its body are the work of a GET that a server repeats most.
import type { OperationResult } from "./operations/context.js";
import { SERIALISED_ONLY, type ServerRequest } from "./serialised-only.js";
import type { PetstoreStore } from "./store/store.js";

/** The serialised forms of a kept answer's body, made by the first server that sends it. */
export interface KeptSerialisation {
  json?: string;
  /** The UTF-8 bytes of `json`, for a server that writes bytes. */
  bytes?: Uint8Array;
  /** Their count, as `Content-Length` states it. */
  length?: string;
}

/** Answers kept per app: a server's clients repeat a few reads; a read no one repeats costs a slot for a while. */
const MOST_KEPT = 16;

interface KeptAnswer {
  readonly store: PetstoreStore;
  readonly revision: number;
  readonly result: OperationResult;
}

/** The kept serialisations, by the body objects kept answers share. */
const serialisations = new WeakMap<object, KeptSerialisation>();

/** How many writes the store has taken: any write (a request's, a reset, a restore, a seed) changes it. */
const revisionOf = (store: PetstoreStore) =>
  store.pets.writes + store.orders.writes + store.categories.writes + store.inventory.writes;

/** The serialisations of a kept answer's body, to fill or reuse; undefined for any other body. */
export function keptSerialisation(body: unknown): KeptSerialisation | undefined {
  return typeof body === "object" && body !== null ? serialisations.get(body) : undefined;
}

/** The answers of safe reads one app keeps, by session, base URL, path and query. */
export class KeptAnswers {
  readonly #answers = new Map<string, KeptAnswer>();

  /**
   * What identifies a read's answer: everything a GET operation reads besides the store (its path and query
   * parameters, its `Link`s' base URL), or undefined when the request cannot share an answer.
   */
  keyOf(request: ServerRequest, session: string | null): string | undefined {
    const rawQuery = request[SERIALISED_ONLY]?.rawQuery;
    return rawQuery === undefined ? undefined : `${session ?? ""}\n${request.baseUrl}\n${request.path}?${rawQuery}`;
  }

  /** The answer kept under `key`, if `store` has not changed since. */
  get(key: string, store: PetstoreStore): OperationResult | undefined {
    const kept = this.#answers.get(key);
    return kept !== undefined && kept.store === store && kept.revision === revisionOf(store) ? kept.result : undefined;
  }

  /** Keeps `result` (its body already a copy) as the answer under `key` to `store` as it is now. */
  keep(key: string, store: PetstoreStore, result: OperationResult): void {
    if (result.status !== 200) {
      return;
    }
    this.#answers.delete(key);
    if (this.#answers.size >= MOST_KEPT) {
      this.#answers.delete(this.#answers.keys().next().value!);
    }
    this.#answers.set(key, { store, revision: revisionOf(store), result });
    if (typeof result.body === "object" && result.body !== null) {
      serialisations.set(result.body, {});
    }
  }
}

/** The answers each app keeps, made by the first server request that reads them. */
const keptByApp = new WeakMap<object, KeptAnswers>();

/** The answers `app` keeps for its servers. */
export function keptAnswersOf(app: object): KeptAnswers {
  let kept = keptByApp.get(app);
  if (kept === undefined) {
    kept = new KeptAnswers();
    keptByApp.set(app, kept);
  }
  return kept;
}
