// @petstore/mock/worker: the mock as a Cloudflare Worker with one Durable Object per session.
export {
  createPetstoreWorker,
  type DurableObjectNamespaceLike,
  type DurableObjectStateLike,
  type DurableObjectStorageLike,
  PetstoreSession,
  type PetstoreWorker,
  type PetstoreWorkerEnv,
  type PetstoreWorkerOptions,
  petstoreWorker,
  readWorkerConfig,
  type SqlCursorLike,
  type SqlStorageLike,
  sessionOfRequest,
  type WorkerConfig,
  WorkerConfigError,
} from "./worker/index.js";
