/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Bearer key the page sends and the mock accepts (default `petstore-demo-key`). */
  readonly VITE_PETSTORE_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
