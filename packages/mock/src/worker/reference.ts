// The API reference at /docs/ on the Worker: the built page from the Worker's static assets (wrangler.toml
// `[assets]`, the `ASSETS` binding), answered by the pipeline every server runs (serve/reference-route.ts), with
// try-it aimed at the Worker itself. Served by the Worker, not by a session's Durable Object: it reads no session.
import { createPetstoreApp } from "../core/app.js";
import { createPetstoreStore } from "../core/store/store.js";
import { demoKeyPolicy } from "../serve/demo-key.js";
import { fetchHandler, type PetstoreFetchHandler } from "../serve/handler.js";
import { REFERENCE_PATH, type ReferenceFiles } from "../serve/reference-route.js";
import { HOW_TO_SET_KEYS } from "./admission.js";
import type { WorkerConfig } from "./config.js";
import type { AssetsBindingLike } from "./platform.js";

/** The built reference as the assets directory (`node_modules/@petstore/mock/dist/reference`), read by its binding. */
export function assetsReferenceFiles(assets: AssetsBindingLike): ReferenceFiles {
  return {
    async read(name) {
      // The binding serves by path; the host is not read.
      const response = await assets.fetch(new Request(`http://assets.invalid/${name}`));
      return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
    },
    where: "the Worker's static assets (wrangler.toml [assets] directory = node_modules/@petstore/mock/dist/reference)",
  };
}

/** Whether the Worker answers `request` with its reference rather than with a session's object. */
export const isReferencePath = (path: string) => path === REFERENCE_PATH || path.startsWith(`${REFERENCE_PATH}/`);

/**
 * The Worker's answers at `/docs/`: one handler per demo-key policy (the policy follows the host each request is
 * called on), each with its own cache of the files, for the life of the isolate.
 */
export function workerReference(assets: AssetsBindingLike) {
  const files = assetsReferenceFiles(assets);
  const handlers = new Map<string, PetstoreFetchHandler>();
  return (request: Request, config: WorkerConfig): Promise<Response> => {
    const host = new URL(request.url).hostname;
    const policy = demoKeyPolicy(
      { host, allowDemoKey: !config.demoKeyOnLoopbackOnly },
      HOW_TO_SET_KEYS,
      `this Worker on ${host}`,
    );
    const key = JSON.stringify([config.apiKeys, config.corsOrigins, config.log, policy?.where ?? null]);
    let handle = handlers.get(key);
    if (!handle) {
      // No API behind this handler: it answers only the reference's paths, so its app holds no data.
      const app = createPetstoreApp({ apiKeys: config.apiKeys, store: createPetstoreStore() });
      const { apiKeys, corsOrigins, log } = config;
      handle = fetchHandler(
        { app, apiKeys, corsOrigins, log, reference: files, control: false, allowedHosts: ["*"] },
        policy,
      );
      handlers.set(key, handle);
    }
    return handle(request);
  };
}
