// The Worker's bindings and settings (wrangler.toml, `wrangler secret put`), and a compile-time check
// that @petstore/mock/worker fits the Workers runtime's own types.
import { PetstoreSession, type PetstoreWorkerEnv, petstoreWorker } from "@petstore/mock/worker";

export interface Env extends Omit<PetstoreWorkerEnv, "PETSTORE_SESSIONS"> {
  PETSTORE_SESSIONS: DurableObjectNamespace;
}

export const worker: ExportedHandler<Env> = petstoreWorker;
export const sessionClass: new (ctx: DurableObjectState, env: Env) => DurableObject = PetstoreSession;
