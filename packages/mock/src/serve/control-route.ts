// The control API (openapi/control.yaml) on a server: its reserved prefix, and its handler loaded on demand.
import type { PetstoreApp } from "../core/app.js";
import type { ControlHandler } from "../core/control/handler.js";
import { isControlPath } from "../core/control/path.js";

/** The control handler of a request's path, or null when the path is the API's (or the control API is off). */
export type ControlRoute = (path: string) => Promise<ControlHandler> | null;

/**
 * The control route of a server over `app`. The handler (its validators and snapshot checks) is imported when a
 * server is made, not with the module: `@petstore/mock/node` is imported by every test file, and most start no
 * server. A server starts loading it at once, so that its first control request (and its memory) finds it loaded.
 */
export function controlRoute(app: PetstoreApp, apiKeys: readonly string[], enabled: boolean): ControlRoute {
  if (!enabled) {
    return () => null;
  }
  let handler: Promise<ControlHandler> | undefined;
  const load = () =>
    (handler ??= import("../core/control/handler.js").then(({ createControlHandler }) =>
      createControlHandler({ sessions: app.sessions, apiKeys, outcomes: app.sessionOutcomes }),
    ));
  // A failure to load surfaces on the control request that awaits it.
  load().catch(() => undefined);
  return (path) => (isControlPath(path) ? load() : null);
}
