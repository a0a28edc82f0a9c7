// Deno's request.signal also aborts once a response has been sent (Deno 2's "legacy behavior"), and
// reading it prints a warning on every start. The mock only needs to know that the client went away
// (to cut a `Prefer: delay` short), which Deno tells through the handler's `completed` promise.

/** `request` as it is, but with a signal that aborts only when its response could not be delivered. */
export function withDisconnectSignal(request: Request, completed: Promise<void> | undefined): Request {
  const disconnected = new AbortController();
  completed?.catch(() => disconnected.abort());
  return new Proxy(request, {
    get(target, key) {
      if (key === "signal") {
        return disconnected.signal;
      }
      // Read and call on the request itself: its getters and methods check what they are called on.
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
