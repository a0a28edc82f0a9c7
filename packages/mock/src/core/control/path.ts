// The control API's place beside the API's paths: what a server needs to route a request to the control
// handler without loading it (its validators and snapshot checks load only when a control request comes).

/** The prefix of every control path (`/__petstore/`), reserved beside the API's paths. */
export const CONTROL_PREFIX = "/__petstore/";

/** Whether a request path belongs to the control API: the prefix, or the prefix without its slash. */
export const isControlPath = (path: string) => path.startsWith(CONTROL_PREFIX) || path === CONTROL_PREFIX.slice(0, -1);
