import type { DeprecationNotice } from "./deprecation.js";
import type { RetryOptions } from "./retry.js";

/** The options of `createPetstoreClient`. */
export interface PetstoreClientOptions {
  /** Where the API lives, e.g. `https://api.example.com` or the mock's `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** The bearer key, or a function returning it (called before every request, so keys can rotate). */
  apiKey: string | (() => string | Promise<string>);
  /** The `fetch` to send requests with (default: `globalThis.fetch`), e.g. the mock's in-memory fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Abandon an attempt that takes longer than this many milliseconds, with a `TIMEOUT` PetstoreError. */
  timeoutMs?: number;
  /** Retry idempotent requests on 429, 503 and network errors (off by default; `true` for the defaults). */
  retry?: boolean | RetryOptions;
  /** Called when a response says its operation is deprecated (default: one console warning per operation; `false` for none). */
  onDeprecation?: ((notice: DeprecationNotice) => void) | false;
}
