import type { Middleware } from "openapi-fetch";
import type { HookContext } from "./call-request.js";

type Hook = "onRequest" | "onResponse" | "onError";

/**
 * Sends a call through its middleware, as openapi-fetch does: each `onRequest` may replace the request or
 * answer it; a fetch that throws goes to each `onError`, which may answer it; each `onResponse` may replace
 * the response. Returns the response callers get; `context.request` is then the request sent.
 */
export async function sendThroughMiddleware(context: HookContext, all: Middleware[]): Promise<Response> {
  /**
   * Runs one hook of every middleware that has it (last first on the way back), with the request,
   * response and error as they are by then; each result goes to `took`, which returns true to stop.
   */
  const run = async (hook: Hook, extra: () => object, took: (result: unknown) => boolean) => {
    for (const m of hook === "onRequest" ? all : [...all].reverse()) {
      const result =
        typeof m?.[hook] === "function" &&
        (await (m[hook] as (context: object) => unknown)({ ...context, ...extra() }));
      if (result && took(result)) {
        return;
      }
    }
  };
  let response: Response | undefined;
  await run(
    "onRequest",
    () => ({}),
    (result) => {
      if (result instanceof Response) {
        response = result;
        return true;
      }
      if (!(result instanceof Request)) {
        throw new Error("onRequest: must return new Request() or Response() when modifying the request");
      }
      context.request = result;
      return false;
    },
  );
  if (!response) {
    try {
      response = await context.options.fetch(context.request);
    } catch (error) {
      // Each onError sees the error the one before it gave; a Response ends the failure.
      let failure: unknown = error;
      await run(
        "onError",
        () => ({ error: failure }),
        (result) => {
          if (result instanceof Response) {
            failure = undefined;
            response = result;
            return true;
          }
          if (!(result instanceof Error)) {
            throw new Error("onError: must return new Response() or instance of Error");
          }
          failure = result;
          return false;
        },
      );
      if (failure) {
        throw failure;
      }
    }
    await run(
      "onResponse",
      () => ({ response }),
      (result) => {
        if (!(result instanceof Response)) {
          throw new Error("onResponse: must return new Response() when modifying the response");
        }
        response = result;
        return false;
      },
    );
  }
  return response!;
}
