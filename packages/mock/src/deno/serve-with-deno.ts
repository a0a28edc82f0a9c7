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
import type { DenoGlobal } from "./deno-global.js";
import { withDisconnectSignal } from "./deno-request.js";

/**
 * Serves the mock with `Deno.serve`: every operation, the control API, the Host allow-list, CORS and
 * the keys, as `petstore-mock` answers them. Binds 127.0.0.1:4010 by default (`port: 0` picks a free
 * port); `state` keeps the data in a file between starts. Needs `--allow-net` (and `--allow-read`,
 * `--allow-write` for the file's folder with `state`).
 * @example
 * import { serveWithDeno } from "@petstore/mock/deno";
 * const mock = await serveWithDeno({ state: "petstore-data.json" });
 * console.log(mock.url); // http://127.0.0.1:4010
 * Deno.addSignalListener("SIGINT", () => mock.close().then(() => Deno.exit(0)));
 */
export async function serveWithDeno(options: PetstoreRuntimeServerOptions = {}): Promise<ServedPetstoreMock> {
  const deno = runtimeGlobal<DenoGlobal>("Deno", "serveWithDeno");
  const prepared = await prepareMock(options, "serveWithDeno");
  const { handler, state } = prepared;
  const host = options.host ?? DEFAULT_HOST;
  let server: ReturnType<DenoGlobal["serve"]>;
  try {
    server = deno.serve({ hostname: host, port: options.port ?? DEFAULT_PORT, onListen: () => {} }, (request, info) =>
      handler(withDisconnectSignal(request, info.completed)),
    );
  } catch (error) {
    await finishState(state);
    throw error;
  }
  // Deno's shutdown lets requests in flight finish.
  return servedMock(prepared, options, server.addr.port, () => server.shutdown());
}
