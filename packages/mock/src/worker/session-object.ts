import { createPetstoreApp } from "../core/app.js";
import { ApiError } from "../core/http/errors.js";
import { createPetstoreSessions } from "../core/sessions/registry.js";
import { DEFAULT_SESSION } from "../core/sessions/session-name.js";
import type { PetstoreSessions } from "../core/sessions/types.js";
import { seed } from "../core/store/seed.js";
import { createPetstoreStore } from "../core/store/store.js";
import { toFetchResponse } from "../fetch/response.js";
import { createPetstoreHandler, type PetstoreHandler } from "../serve/handler.js";
import { readWorkerConfig, type WorkerConfig, WorkerConfigError } from "./config.js";
import { IdleExpiry } from "./idle-expiry.js";
import type { DurableObjectStateLike, PetstoreWorkerEnv } from "./platform.js";
import { sessionOfRequest } from "./session-of-request.js";
import { SqlRecords } from "./sql-records.js";

/** A started session: its handler over the mock, its name and its settings. */
interface Served {
  name: string;
  config: WorkerConfig;
  handle: PetstoreHandler;
}

/**
 * The Durable Object of one session (`X-Petstore-Session`, or `default`): the mock's store for it, kept
 * in the object's SQLite storage record by record, and served by `createPetstoreHandler`. On its first
 * start it holds the demo data. The object runs one request at a time through the store's `exclusive`
 * queue (and its input gate), so stock is never oversold; each write is durable before its response
 * leaves (output gate).
 *
 * Declare it in wrangler.toml with `new_sqlite_classes = ["PetstoreSession"]` and export it from the
 * Worker's module. A plain class, not `cloudflare:workers`' `DurableObject`: it is reached by `fetch` only,
 * so it needs nothing of RPC, and the entry stays loadable outside workerd.
 */
export class PetstoreSession {
  readonly #ctx: DurableObjectStateLike;
  readonly #env: PetstoreWorkerEnv;
  #served: Promise<Served> | undefined;
  readonly #expiry: IdleExpiry;

  constructor(ctx: DurableObjectStateLike, env: PetstoreWorkerEnv) {
    this.#ctx = ctx;
    this.#env = env;
    this.#expiry = new IdleExpiry(ctx.storage);
  }

  async fetch(request: Request): Promise<Response> {
    let served: Served;
    try {
      this.#served ??= this.#start(sessionOfRequest(request));
      served = await this.#served;
    } catch (error) {
      this.#served = undefined;
      const reason = error instanceof WorkerConfigError ? `the Worker's settings: ${error.message}` : String(error);
      const failure = new ApiError(500, "INTERNAL_ERROR", `the mock could not start its session: ${reason}`);
      return toFetchResponse(failure.toResponse(), request.method.toUpperCase());
    }
    if (served.config.sessionTtlMs !== undefined && served.name !== DEFAULT_SESSION) {
      await this.#expiry.used(served.config.sessionTtlMs);
    }
    return served.handle(request);
  }

  /** The idle-session alarm: deletes the session's records once it has been unused for the TTL. */
  async alarm(): Promise<void> {
    const ttlMs = readWorkerConfig(this.#env).sessionTtlMs;
    if (ttlMs !== undefined && (await this.#expiry.expired(ttlMs))) {
      await this.#ctx.storage.deleteAll();
      this.#served = undefined;
    }
  }

  /** Reads the settings and the saved records (or puts the demo data in), before any request is served. */
  async #start(name: string): Promise<Served> {
    const config = readWorkerConfig(this.#env);
    return this.#ctx.blockConcurrencyWhile(async () => {
      const records = new SqlRecords(this.#ctx.storage, name);
      const saved = records.load();
      // The default store holds the start data (the demo data): what a new session and a reset begin from.
      const defaultStore = createPetstoreStore({ limits: config.limits });
      await seed(defaultStore);
      const sessions = createPetstoreSessions({ store: defaultStore, limits: { maxSessions: 2 } });
      if (saved && name === DEFAULT_SESSION) {
        await defaultStore.restore(saved);
      } else if (saved) {
        await sessions.replace(name, saved);
      } else {
        await sessions.open(name);
      }
      keepSession(sessions, name, records, saved !== undefined);
      const app = createPetstoreApp({ sessions, apiKeys: config.apiKeys });
      const handle = createPetstoreHandler({
        app,
        apiKeys: config.apiKeys,
        allowedHosts: ["*"],
        corsOrigins: config.corsOrigins,
      });
      return { name, config, handle };
    });
  }
}

/**
 * Writes the session's changes to `records` as they commit: the store's commits (every write of a
 * request, a reset, a restore), and the registry's changes (a deleted session is cleared; one created
 * again after it is kept whole).
 */
function keepSession(sessions: PetstoreSessions, name: string, records: SqlRecords, saved: boolean): void {
  const keep = (store = sessions.get(name), wasSaved = false) => {
    if (!store) {
      records.clear();
      return;
    }
    records.keep(store, { saved: wasSaved });
    store.onCommit(() => {
      if (records.store === store) {
        records.flush();
      }
    });
  };
  keep(sessions.get(name), saved);
  sessions.subscribe((changed) => {
    if (changed !== name) {
      return;
    }
    const store = sessions.get(name);
    if (store !== records.store) {
      keep(store);
    } else {
      records.flush();
    }
  });
}
