import createClient, { type Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { createCore } from "../src/core.js";

// The client's core stands in for openapi-fetch's `createClient` (to keep what the SDK never uses
// out of the bundle): the same call, the same options and middleware must give the same request
// and the same result. Each case runs on both, over a fetch that records what it was sent.

type Answer = () => Response | Promise<Response>;
type Call = (url: never, init?: never) => Promise<unknown>;
type Method = "GET" | "PUT" | "POST" | "DELETE" | "OPTIONS" | "HEAD" | "PATCH" | "TRACE";
type AnyClient = Record<Method, Call> & {
  request(method: never, url: never, init?: never): Promise<unknown>;
  use(...middleware: never[]): void;
  eject(...middleware: never[]): void;
};
type Case = (client: AnyClient) => Promise<unknown>;

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" }, ...init });

async function run(make: "core" | "openapi-fetch", call: Case, answer: Answer = () => json({ ok: true })) {
  const sent: unknown[] = [];
  // A multipart boundary is random.
  const boundless = (text: string) => text.replace(/formdata-undici-\d+/g, "formdata-undici-N");
  const fetch = async (request: Request) => {
    sent.push({
      url: request.url,
      method: request.method,
      headers: [...request.headers].map(([name, value]) => [name, boundless(value)]),
      body: request.body ? boundless(await request.clone().text()) : null,
      redirect: request.redirect,
    });
    return answer();
  };
  const options = { baseUrl: "https://api.example.com/v1", headers: { "X-Client": "test", "X-Gone": "soon" } };
  const client = (
    make === "core"
      ? createCore(options.baseUrl, options.headers, fetch, () => undefined)
      : createClient({ ...options, fetch })
  ) as AnyClient;
  let result: unknown;
  try {
    const outcome = (await call(client)) as { data?: unknown; error?: unknown; response?: Response } | undefined;
    result = outcome?.response
      ? { data: outcome.data, error: outcome.error, status: outcome.response.status, has: Object.keys(outcome) }
      : outcome;
  } catch (error) {
    result = { thrown: String(error) };
  }
  return { sent, result };
}

async function same(call: Case, answer?: Answer) {
  const ours = await run("core", call, answer);
  expect(ours).toEqual(await run("openapi-fetch", call, answer));
  return ours;
}

describe("the client's core, against openapi-fetch's createClient", () => {
  it("builds the same URL from path and query parameters, with every serializer option", async () => {
    await same((c) =>
      c.GET(
        "/pets/{petId}" as never,
        {
          params: {
            path: { petId: 7 },
            query: { status: ["available", "sold"], name: "Rex & co", limit: 5, empty: [] },
          },
        } as never,
      ),
    );
    await same((c) =>
      c.GET(
        "/pets" as never,
        {
          params: { query: { status: ["a", "b"], filter: { x: 1, y: "z" } } },
          querySerializer: {
            array: { style: "pipeDelimited", explode: false },
            object: { style: "form", explode: true },
          },
        } as never,
      ),
    );
    await same((c) =>
      c.GET(
        "/pets" as never,
        { params: { query: { a: 1 } }, querySerializer: (query: unknown) => `raw=${JSON.stringify(query)}` } as never,
      ),
    );
    await same((c) =>
      c.GET(
        "/pets/{petId}" as never,
        {
          params: { path: { petId: "a/b" } },
          pathSerializer: (path: string) => path.replace("{petId}", "custom"),
        } as never,
      ),
    );
    await same((c) => c.GET("/pets" as never, { baseUrl: "https://other.example.com/api/" } as never));
  });

  it("sends the same headers and bodies", async () => {
    await same((c) =>
      c.POST(
        "/pets" as never,
        {
          body: { name: "Rex" },
          headers: { "X-Gone": null, "X-Call": "1" },
          params: { header: { "X-Param": "p" } },
        } as never,
      ),
    );
    await same((c) =>
      c.POST(
        "/pets" as never,
        { body: { name: "Rex" }, headers: { "Content-Type": "application/x-www-form-urlencoded" } } as never,
      ),
    );
    await same((c) =>
      c.POST(
        "/pets" as never,
        { body: { name: "Rex" }, bodySerializer: (body: unknown) => `<${JSON.stringify(body)}>` } as never,
      ),
    );
    await same((c) => {
      const form = new FormData();
      form.set("name", "Rex");
      return c.POST("/pets" as never, { body: form } as never);
    });
    await same((c) =>
      c.DELETE(
        "/pets/{petId}" as never,
        { params: { path: { petId: 1 } }, redirect: "manual", cache: "no-store" } as never,
      ),
    );
  });

  it("offers every method, and request() with any case", async () => {
    for (const method of ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const) {
      await same((c) => c[method]("/pets" as never));
    }
    await same((c) => c.request("patch" as never, "/pets" as never));
  });

  it("reads the same data and errors", async () => {
    await same(
      (c) => c.GET("/pets" as never),
      () => json([{ id: 1 }]),
    );
    await same(
      (c) => c.GET("/pets" as never),
      () => new Response(null, { status: 204 }),
    );
    await same(
      (c) => c.GET("/pets" as never),
      () => new Response("", { status: 200, headers: { "Content-Length": "0" } }),
    );
    await same(
      (c) => c.GET("/pets" as never),
      () => new Response("", { status: 200 }),
    );
    await same(
      (c) => c.HEAD("/pets" as never),
      () => json({}, { status: 404 }),
    );
    await same(
      (c) => c.GET("/pets" as never),
      () => json({ code: "NOT_FOUND", message: "m", status: 404 }, { status: 404 }),
    );
    await same(
      (c) => c.GET("/pets" as never),
      () => new Response("plain failure", { status: 500 }),
    );
    await same(
      (c) => c.GET("/pets" as never, { parseAs: "text" } as never),
      () => new Response("hello"),
    );
    await same(
      (c) => c.GET("/pets" as never),
      () => new Response(null, { status: 404, headers: { "Content-Length": "0" } }),
    );
  });

  it("runs middleware the same way: order, context, replacements, errors and their messages", async () => {
    const log: string[] = [];
    const tagging = (name: string): Middleware => ({
      onRequest({ request, schemaPath, params, options, id }) {
        log.push(
          `${name} request ${schemaPath} ${JSON.stringify(params)} ${Object.keys(options)} ${typeof id} ${id.length > 0}`,
        );
        const next = new Request(request);
        next.headers.set(`X-${name}`, "1");
        return next;
      },
      onResponse({ response, request }) {
        log.push(`${name} response ${response.status} ${request.headers.get(`X-${name}`)}`);
        return name === "b" ? json({ replaced: true }, { status: 201 }) : undefined;
      },
    });
    const withTwo: Case = async (c) => {
      const a = tagging("a");
      const b = tagging("b");
      const gone = tagging("gone");
      c.use(a as never, b as never, gone as never);
      c.eject(gone as never);
      return c.GET(
        "/pets/{petId}" as never,
        { params: { path: { petId: 3 } }, middleware: [tagging("local")] } as never,
      );
    };
    const ours = await same(withTwo);
    expect(ours.result).toMatchObject({ data: { replaced: true }, status: 201 });
    expect(log.length).toBeGreaterThan(0);

    // onRequest answering for the server; wrong returns name what was expected.
    await same((c) => {
      c.use({ onRequest: () => json({ cached: true }) } as never);
      return c.GET("/pets" as never);
    });
    await same((c) => {
      c.use({ onRequest: () => "nonsense" } as never);
      return c.GET("/pets" as never);
    });
    await same((c) => {
      c.use({ onResponse: () => "nonsense" } as never);
      return c.GET("/pets" as never);
    });
    await same(
      (c) => {
        c.use({ onError: () => "nonsense" } as never);
        return c.GET("/pets" as never);
      },
      () => {
        throw new TypeError("fetch failed");
      },
    );
    await same((c) => {
      try {
        c.use({ something: true } as never);
      } catch (error) {
        return Promise.resolve({ thrownByUse: String(error) });
      }
      return Promise.resolve("no error");
    });

    // onError: each sees the error the one before gave, and a Response ends the failure.
    const errors: string[] = [];
    const failing = () => {
      throw new TypeError("fetch failed");
    };
    await same((c) => {
      c.use(
        { onError: ({ error }: { error: unknown }) => void errors.push(`first saw ${String(error)}`) } as never,
        {
          onError: ({ error }: { error: unknown }) => {
            errors.push(`second saw ${String(error)}`);
            return new Error("wrapped");
          },
        } as never,
      );
      return c.GET("/pets" as never);
    }, failing);
    expect(errors).toEqual([
      "second saw TypeError: fetch failed",
      "first saw Error: wrapped",
      "second saw TypeError: fetch failed",
      "first saw Error: wrapped",
    ]);
    await same((c) => {
      c.use({ onError: () => json({ offline: true }) } as never, { onResponse: () => json({ after: true }) } as never);
      return c.GET("/pets" as never);
    }, failing);
  });
});

describe("the response a call returns", () => {
  it("still reads its body, as text and as JSON, though the transport read it within the attempt", async () => {
    const { createPetstoreClient } = await import("../src/index.js");
    const client = createPetstoreClient({
      baseUrl: "https://api.example.com",
      apiKey: "key",
      fetch: async () => json([{ id: 1, name: "Rex" }]),
    });
    const { data, response } = await client.GET("/pets");
    expect(data).toEqual([{ id: 1, name: "Rex" }]);
    await expect(response.json()).resolves.toEqual(data);
    await expect(response.text()).resolves.toBe('[{"id":1,"name":"Rex"}]');
  });
});
