// @ts-check
// Checks the responses of an msw server that never pass through the mock's pipeline.
import { checkFetchExchange } from "../checker/exchange.js";
import { recordPending, recordViolations } from "./violations.js";

/**
 * @typedef {{
 *   events: { on(event: "response:mocked", listener: (args: { request: Request, response: Response }) => void): unknown },
 * }} MswLikeServer
 */

/**
 * Also checks responses that never pass through the mock's pipeline: `server.use(...)` overrides
 * (such as `createPetstoreOverrides`) of an msw `setupServer`. Call once after creating the server.
 * @example
 * const server = setupPetstoreServer({ baseUrl });
 * watchMswServer(server, baseUrl);
 * @param {MswLikeServer} server
 * @param {string} baseUrl
 */
export function watchMswServer(server, baseUrl) {
  const base = baseUrl.replace(/\/+$/, "");
  server.events.on("response:mocked", ({ request, response }) => {
    if (!request.url.startsWith(`${base}/`) && request.url !== base) {
      return;
    }
    recordPending(
      checkFetchExchange(request, response, base).then((found) => recordViolations(undefined, response.status, found)),
    );
  });
}
