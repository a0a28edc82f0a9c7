// The Worker's bindings and settings (wrangler.toml, `wrangler secret put`), and a compile-time check
// that @petstore/mock/worker fits the Workers runtime's own types.
import { type PetstoreCloudflareEnv, PetstoreSessionObject, petstoreCloudflareWorker } from "@petstore/mock/worker";

export interface Env extends Omit<PetstoreCloudflareEnv, "PETSTORE_SESSIONS"> {
  PETSTORE_SESSIONS: DurableObjectNamespace;
}

export const worker: ExportedHandler<Env> = petstoreCloudflareWorker;
export const sessionClass: new (ctx: DurableObjectState, env: Env) => DurableObject = PetstoreSessionObject;
