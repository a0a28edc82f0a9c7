// What mountPetstoreDevtools takes and gives back.
import type { PetstoreApp } from "../core/app.js";

export interface PetstoreDevtoolsOptions {
  /**
   * The mock in this page: what `setupPetstoreServiceWorker`, `createPetstoreHandlers` or `createPetstoreFetch`
   * returned (anything with its `app`).
   */
  mock?: { readonly app: PetstoreApp };
  /** A standalone `petstore-mock` (or Worker) to steer through its control API; the panel also asks for one. */
  server?: { url: string; apiKey: string };
  /** Where the toggle sits (default `bottom-right`). */
  position?: "bottom-right" | "bottom-left" | "top-right" | "top-left";
  /** Open the panel at once (default: closed). */
  open?: boolean;
  /** The element to mount in (default `document.body`). */
  parent?: HTMLElement;
}

export interface PetstoreDevtools {
  /** The element the panel lives in (its shadow root holds the rest). */
  readonly element: HTMLElement;
  open(): void;
  close(): void;
  /** Removes the panel and stops listening to the mock. */
  unmount(): void;
}
