// The few parts of the Workers runtime the adapter uses, typed structurally: the real objects (and the
// types of @cloudflare/workers-types) fit them, and the entry needs neither `cloudflare:workers` nor those
// types, so it loads and type-checks anywhere.

/** What `ctx.storage.sql.exec()` returns: its rows, read at once. */
export interface SqlCursorLike {
  toArray(): Record<string, unknown>[];
}

/** `ctx.storage.sql` of a SQLite-backed Durable Object: synchronous statements. */
export interface SqlStorageLike {
  exec(query: string, ...bindings: unknown[]): SqlCursorLike;
}

/** `ctx.storage` of a SQLite-backed Durable Object. */
export interface DurableObjectStorageLike {
  readonly sql: SqlStorageLike;
  /** Runs `closure`'s statements as one transaction. */
  transactionSync<T>(closure: () => T): T;
  setAlarm(scheduledTime: number): Promise<void>;
  deleteAlarm(): Promise<void>;
  deleteAll(): Promise<void>;
}

/** The `ctx` (DurableObjectState) a Durable Object's constructor gets. */
export interface DurableObjectStateLike {
  readonly storage: DurableObjectStorageLike;
  blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
}

/** A Durable Object namespace binding (`env.PETSTORE_SESSIONS`): one object per name. */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the runtime's id type, opaque here
  get(id: any): { fetch(request: Request): Promise<Response> };
}

/** A Workers Static Assets binding (`env.ASSETS`): `fetch` answers a file of the assets directory by its path. */
export interface AssetsBindingLike {
  fetch(request: Request): Promise<Response>;
}

/** The Worker's configuration: its bindings, secrets and vars (wrangler.toml `[vars]`, `wrangler secret put`). */
export interface PetstoreCloudflareEnv {
  /** The Durable Object namespace of `PetstoreSessionObject` (the binding's name is an option of `createPetstoreCloudflareWorker`). */
  PETSTORE_SESSIONS?: DurableObjectNamespaceLike;
  /** The static assets of the built API reference, served at `/docs/` (the binding's name is an option too). */
  ASSETS?: AssetsBindingLike;
  /**
   * Accepted bearer keys, comma-separated (a secret); none: the demo key `petstore-demo-key`, on a loopback
   * host only (`wrangler dev`) unless `PETSTORE_ALLOW_DEMO_KEY` is `true`.
   */
  PETSTORE_API_KEYS?: string;
  /** `true`: without `PETSTORE_API_KEYS`, the demo key opens the Worker on any host (a public sandbox). */
  PETSTORE_ALLOW_DEMO_KEY?: string | boolean;
  /** Origins whose pages may call the mock besides loopback ones, comma-separated (`*` any). */
  PETSTORE_CORS_ORIGINS?: string;
  /** Lower caps on each session's records than the document's. */
  PETSTORE_MAX_PETS?: string | number;
  PETSTORE_MAX_CATEGORIES?: string | number;
  PETSTORE_MAX_ORDERS?: string | number;
  /** Named sessions unused for this many seconds are deleted (default: kept; `default` always is). */
  PETSTORE_SESSION_TTL_SECONDS?: string | number;
  /** Extra delay before every response, in milliseconds (the CLI's `--delay`). */
  PETSTORE_DELAY_MS?: string | number;
  /** `true`: one line per request in the Worker's log (`wrangler tail`), as the CLI's `--log`. */
  PETSTORE_LOG?: string | boolean;
}
