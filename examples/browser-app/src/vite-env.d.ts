/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of a Petstore API (the standalone mock or a real one). Unset: the mock runs in a Service Worker. */
  readonly VITE_PETSTORE_BASE_URL?: string;
  /** Bearer key for that API (default `petstore-demo-key`). */
  readonly VITE_PETSTORE_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
