import type { Middleware } from "openapi-fetch";
import type { HookContext } from "./prepare-call.js";

/** What one middleware's hook gives back, or false when it has none. */
const runHook = async (m: Middleware | undefined, hook: keyof Middleware, context: object): Promise<unknown> =>
  typeof m?.[hook] === "function" && (await (m[hook] as (context: object) => unknown)(context));

/**
 * Sends a call through its middleware, as openapi-fetch does: each `onRequest` in turn may replace the request
 * or answer the call; a fetch that throws goes to `onError` (see `recover`); then each `onResponse`, last first,
 * may replace the response. Each hook sees the call as it is by then. Returns the response callers get;
 * `context.request` is then the request sent.
 */
export async function sendThroughMiddleware(context: HookContext, all: Middleware[]): Promise<Response> {
  for (const m of all) {
    const result = await runHook(m, "onRequest", { ...context });
    // An answer from onRequest is the call's: no fetch, and no onResponse.
    if (result instanceof Response) {
      return result;
    }
    if (result) {
      if (!(result instanceof Request)) {
        throw new Error("onRequest: must return new Request() or Response() when modifying the request");
      }
      context.request = result;
    }
  }
  let response: Response | undefined;
  try {
    response = await context.options.fetch(context.request);
  } catch (error) {
    response = await recover(context, all, error);
  }
  for (const m of [...all].reverse()) {
    const result = await runHook(m, "onResponse", { ...context, response });
    if (result) {
      if (!(result instanceof Response)) {
        throw new Error("onResponse: must return new Response() when modifying the response");
      }
      response = result;
    }
  }
  return response!;
}

/**
 * After a fetch that threw: each `onError`, last first, sees the error the one before it gave; the first
 * Response ends the failure and is the call's response. Throws the last error otherwise.
 */
async function recover(context: HookContext, all: Middleware[], failure: unknown): Promise<Response | undefined> {
  for (const m of [...all].reverse()) {
    const result = await runHook(m, "onError", { ...context, error: failure });
    if (result instanceof Response) {
      return result;
    }
    if (result) {
      if (!(result instanceof Error)) {
        throw new Error("onError: must return new Response() or instance of Error");
      }
      failure = result;
    }
  }
  if (failure) {
    throw failure;
  }
}
