import { contract } from "../core/generated/contract.js";
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  finishState,
  type PetstoreRuntimeServerOptions,
  prepareMock,
  runtimeGlobal,
  type ServedPetstoreMock,
  servedMock,
} from "../standalone/index.js";
import type { BunGlobal } from "./bun-global.js";

/**
 * The longest a connection waits for its response, in seconds: past the longest `Prefer: delay` the
 * document allows, which Bun's default idle time-out (10 s) would cut off.
 */
const IDLE_TIMEOUT_S = Math.ceil(contract.limits.preferDelayMaxMs / 1000) + 15;

/**
 * Serves the mock with `Bun.serve`: every operation, the control API, the Host allow-list, CORS and
 * the keys, as `petstore-mock` answers them. Binds 127.0.0.1:4010 by default (`port: 0` picks a free
 * port); `state` keeps the data in a file between starts.
 * @example
 * import { serveWithBun } from "@petstore/mock/bun";
 * const mock = await serveWithBun({ state: "petstore-data.json" });
 * console.log(mock.url); // http://127.0.0.1:4010
 * process.on("SIGINT", () => mock.close().then(() => process.exit(0)));
 */
export async function serveWithBun(options: PetstoreRuntimeServerOptions = {}): Promise<ServedPetstoreMock> {
  const bun = runtimeGlobal<BunGlobal>("Bun", "serveWithBun");
  const prepared = await prepareMock(options, "serveWithBun");
  const { handler, state } = prepared;
  const host = options.host ?? DEFAULT_HOST;
  let server: ReturnType<BunGlobal["serve"]>;
  try {
    server = bun.serve({
      hostname: host,
      port: options.port ?? DEFAULT_PORT,
      idleTimeout: IDLE_TIMEOUT_S,
      fetch: handler,
    });
  } catch (error) {
    await finishState(state);
    throw error;
  }
  // Without closeActiveConnections, Bun lets requests in flight finish.
  return servedMock(prepared, options, server.port, () => server.stop(false));
}
