// worker/: the mock as a Cloudflare Worker, one Durable Object per session, kept in its SQLite storage.
export { readWorkerConfig, type WorkerConfig, WorkerConfigError } from "./config.js";
export type {
  DurableObjectNamespaceLike,
  DurableObjectStateLike,
  DurableObjectStorageLike,
  PetstoreWorkerEnv,
  SqlCursorLike,
  SqlStorageLike,
} from "./platform.js";
export { PetstoreSession } from "./session-object.js";
export { sessionOfRequest } from "./session-of-request.js";
export { createPetstoreWorker, type PetstoreWorker, type PetstoreWorkerOptions, petstoreWorker } from "./worker.js";
