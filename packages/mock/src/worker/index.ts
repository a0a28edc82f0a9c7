// worker/: the mock as a Cloudflare Worker, one Durable Object per session, kept in its SQLite storage.
export { readWorkerConfig, type WorkerConfig, WorkerConfigError } from "./config.js";
export type {
  AssetsBindingLike,
  DurableObjectNamespaceLike,
  DurableObjectStateLike,
  DurableObjectStorageLike,
  PetstoreCloudflareEnv,
  SqlCursorLike,
  SqlStorageLike,
} from "./platform.js";
export { PetstoreSessionObject } from "./session-object.js";
export { sessionOfRequest } from "./session-of-request.js";
export {
  createPetstoreCloudflareWorker,
  type PetstoreCloudflareWorker,
  type PetstoreCloudflareWorkerOptions,
  petstoreCloudflareWorker,
} from "./worker.js";
