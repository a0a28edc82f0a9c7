// @ts-check
// Ports for tests that need a server to be absent: bound on 127.0.0.1, read and released.
import { createServer } from "node:net";

/** A port on 127.0.0.1 that nothing listens on (a connection to it is refused). */
export async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}
