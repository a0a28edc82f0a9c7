import { describe, expect, it } from "vitest";
import { serveWithBun } from "../src/bun.js";
import { serveWithDeno } from "../src/deno.js";

// serveWithDeno and serveWithBun run on their runtimes in packages/conformance/test/runtimes/; here, under
// Node, each says which runtime it needs and what serves the mock under Node instead, before doing anything.
describe("the Deno and Bun servers called under Node", () => {
  it("serveWithDeno() names Deno and points to startPetstoreServer", async () => {
    await expect(serveWithDeno({ port: 0 })).rejects.toThrow(
      "serveWithDeno() needs Deno; under Node use startPetstoreServer from @petstore/mock/node",
    );
  });

  it("serveWithBun() names Bun and points to startPetstoreServer", async () => {
    await expect(serveWithBun({ port: 0, state: "never-written.json" })).rejects.toThrow(
      "serveWithBun() needs Bun; under Node use startPetstoreServer from @petstore/mock/node",
    );
  });
});
