import { afterEach, expect, it } from "vitest";
import { sender } from "../../src/http/target.js";
import { readList } from "../../src/run/state.js";
import { type Backend, KEY, onePet, startBackend } from "../support/hostile-backend.js";

// Issue 47: the verifier's own read of the whole state followed a Link rel=next back to the page itself until
// 100,000 records were read. It stops at a page already read, as a model.paging failure naming the URL.
let looping: Backend | undefined;
afterEach(() => looping?.close());

it("stops at a next link back to a page already read", async () => {
  looping = await startBackend(onePet(), {
    takeover: (_request, response, url) => {
      const back = url.searchParams.has("offset")
        ? `${url.origin}/pets?limit=100`
        : `${url.origin}/pets?limit=100&offset=100`;
      response.writeHead(200, { "content-type": "application/json", link: `<${back}>; rel="next"` });
      response.end(JSON.stringify([{ id: 1, name: "Rex", categoryId: 1, status: "available" }]));
      return true;
    },
  });
  const target = { baseUrl: looping.url, send: sender(looping.url, fetch, { apiKey: KEY }), close: async () => {} };
  await expect(readList(target, "/pets")).rejects.toMatchObject({
    check: "model.paging",
    message: expect.stringContaining(`leads back to ${looping.url}/pets?limit=100, a page already read`),
  });
  expect(looping.requests).toEqual(["/pets?limit=100", "/pets?limit=100&offset=100"]);
});
