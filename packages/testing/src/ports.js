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

/**
 * `start()`'s result, starting it again (at most `attempts` times in all) while it fails because a port it found
 * closed was taken by another process before it bound it ("Address already in use" in its error): `start` picks
 * its ports anew on each call.
 * @template T
 * @param {() => Promise<T>} start
 * @param {number} [attempts]
 * @returns {Promise<T>}
 */
export async function startingAgainOnTakenPort(start, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= attempts || !/Address already in use/.test(String(/** @type {Error} */ (error)?.message))) {
        throw error;
      }
    }
  }
}
