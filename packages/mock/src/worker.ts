// @petstore/mock/worker: the mock as a Cloudflare Worker with one Durable Object per session.
export {
  createPetstoreCloudflareWorker,
  type DurableObjectNamespaceLike,
  type DurableObjectStateLike,
  type DurableObjectStorageLike,
  type PetstoreCloudflareEnv,
  type PetstoreCloudflareWorker,
  type PetstoreCloudflareWorkerOptions,
  PetstoreSessionObject,
  petstoreCloudflareWorker,
  readWorkerConfig,
  type SqlCursorLike,
  type SqlStorageLike,
  sessionOfRequest,
  type WorkerConfig,
  WorkerConfigError,
} from "./worker/index.js";
