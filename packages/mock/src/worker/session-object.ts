import { createPetstoreApp } from "../core/app.js";
import { createPetstoreSessions } from "../core/sessions/registry.js";
import { DEFAULT_SESSION } from "../core/sessions/session-name.js";
import type { SessionSummary } from "../core/sessions/types.js";
import { seed } from "../core/store/seed.js";
import { createPetstoreStore } from "../core/store/store.js";
import { toFetchResponse } from "../fetch/response.js";
import { refusalResponse } from "../serve/demo-key.js";
import { createPetstoreFetchHandler, type PetstoreFetchHandler } from "../serve/handler.js";
import { admit } from "./admission.js";
import { readWorkerConfig, startFailure, type WorkerConfig } from "./config.js";
import { INTERNAL_HEADER, LISTED_HEADER, readInternal, SessionDirectory } from "./directory.js";
import { IdleExpiry } from "./idle-expiry.js";
import { keepSession } from "./keep-session.js";
import type { DurableObjectStateLike, PetstoreCloudflareEnv } from "./platform.js";
import { SqlRecords } from "./sql-records.js";

/** A started session: its handler over the mock, its name and its settings. */
interface Served {
  name: string;
  config: WorkerConfig;
  handle: PetstoreFetchHandler;
  /** After each request: stores the session if the request created it; whether it is stored. */
  settle(): boolean;
  /** The session's summary, as the list shows it; undefined when it is not stored. */
  summary(): SessionSummary | undefined;
}

/**
 * The Durable Object of one session (`X-Petstore-Session`, or `default`): the mock's store for it, kept
 * in the object's SQLite storage record by record, and served by `createPetstoreFetchHandler`. A session starts
 * from the demo data, and is stored from the request that creates it (an operation naming it, a reset or a
 * state put; `default`, which always exists, from its first change): a request without a valid key, or a
 * read or delete of a session that does not exist, stores nothing. The object runs one request at a time through the store's `exclusive`
 * queue (and its input gate), so stock is never oversold; each write is durable before its response
 * leaves (output gate).
 *
 * Declare it in wrangler.toml with `new_sqlite_classes = ["PetstoreSessionObject"]` and export it from the
 * Worker's module. A plain class, not `cloudflare:workers`' `DurableObject`: it is reached by `fetch` only,
 * so it needs nothing of RPC, and the entry stays loadable outside workerd.
 */
export class PetstoreSessionObject {
  readonly #ctx: DurableObjectStateLike;
  readonly #env: PetstoreCloudflareEnv;
  #served: Promise<Served> | undefined;
  readonly #expiry: IdleExpiry;
  /** Whether the directory lists the session (undefined: not known, a saved session is told again). */
  #listed: boolean | undefined;

  constructor(ctx: DurableObjectStateLike, env: PetstoreCloudflareEnv) {
    this.#ctx = ctx;
    this.#env = env;
    this.#expiry = new IdleExpiry(ctx.storage);
  }

  async fetch(request: Request): Promise<Response> {
    const internal = request.headers.get(INTERNAL_HEADER);
    if (internal !== null) {
      return this.#answerInternal(internal);
    }
    let served: Served;
    try {
      // The key first, as the Worker checked it: a request without one starts nothing here either.
      const config = readWorkerConfig(this.#env);
      const admission = admit(request, config);
      if (admission.refusal) {
        return refusalResponse(admission.refusal, request, config.corsOrigins);
      }
      this.#served ??= this.#start(admission.session);
      served = await this.#served;
    } catch (error) {
      this.#served = undefined;
      return toFetchResponse(startFailure(error).toResponse(), request.method.toUpperCase());
    }
    const response = await served.handle(request);
    const stored = served.settle();
    if (stored && served.config.sessionTtlMs !== undefined && served.name !== DEFAULT_SESSION) {
      await this.#expiry.used(served.config.sessionTtlMs);
    }
    if (served.name === DEFAULT_SESSION || stored === this.#listed) {
      return response;
    }
    // The Worker adds the session to the directory of the list, or removes it, as this header says.
    this.#listed = stored;
    const told = new Response(response.body, response);
    told.headers.set(LISTED_HEADER, stored ? "added" : "removed");
    return told;
  }

  /** A request of the Worker: the directory's (in `default`'s object), or this session's summary. */
  async #answerInternal(header: string): Promise<Response> {
    const { operation, name } = readInternal(header);
    if (operation !== "summary") {
      return new SessionDirectory(this.#ctx.storage).answer(operation, name);
    }
    try {
      this.#served ??= this.#start(name);
      const summary = (await this.#served).summary();
      return summary ? Response.json(summary) : new Response(null, { status: 404 });
    } catch (error) {
      this.#served = undefined;
      return toFetchResponse(startFailure(error).toResponse(), "GET");
    }
  }

  /** The idle-session alarm: deletes the session's records once it has been unused for the TTL. */
  async alarm(): Promise<void> {
    const ttlMs = readWorkerConfig(this.#env).sessionTtlMs;
    if (ttlMs !== undefined && (await this.#expiry.expired(ttlMs))) {
      await this.#ctx.storage.deleteAll();
      this.#served = undefined;
      // The directory forgets it at the next list, when this object answers that it holds nothing.
      this.#listed = false;
    }
  }

  /**
   * Reads the settings and the saved records, before any request is served. Writes nothing: a session
   * that was never stored is not created here (a read or delete of it is the control API's 404), only by
   * the request that creates it.
   */
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
      }
      const settle = keepSession(sessions, name, records, saved !== undefined);
      const summary = () =>
        records.store === undefined ? undefined : sessions.list().find((session) => session.name === name);
      // A session never stored is not listed; a stored one may be from before the directory: it is told again.
      this.#listed = saved === undefined ? false : undefined;
      const app = createPetstoreApp({ sessions, apiKeys: config.apiKeys });
      const handle = createPetstoreFetchHandler({
        app,
        apiKeys: config.apiKeys,
        allowedHosts: ["*"],
        corsOrigins: config.corsOrigins,
        delayMs: config.delayMs,
        log: config.log,
      });
      return { name, config, handle, settle, summary };
    });
  }
}
