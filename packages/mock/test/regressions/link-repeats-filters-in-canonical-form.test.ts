import { at } from "@petstore/contract";
import { expect, it } from "vitest";
import { describeEachAdapter } from "../support/adapters.js";
import { withSelfCheck } from "./support.js";

// The bug: `Link` copied the query as the client sent it, so `id=000…0001` made it as long
// as the request allowed, past any `maxLength` the document could give it. Fix: the links repeat
// the filters in canonical form (`id=1`).
const linkMaxLength: number = at("#/components/headers/Link/schema/maxLength");

// 100 ids (the most the `id` filter takes), each padded with zeros, within the 16 KiB of headers.
const paddedIds = Array.from({ length: 100 }, (_, index) => `id=${String(index + 1).padStart(100, "0")}`);

describeEachAdapter("a list's Link and filters sent with leading zeros", (adapter) => {
  it("repeats the ids in canonical form, within the document's maxLength", () =>
    withSelfCheck(async () => {
      const response = await adapter().request(`/pets?${paddedIds.join("&")}&limit=1&offset=1`);
      expect(response.status).toBe(200);
      const link = response.headers.get("Link") ?? "";
      const ids = Array.from({ length: 100 }, (_, index) => `id=${index + 1}`).join("&");
      expect(link).toBe(
        `<${adapter().baseUrl}/pets?${ids}&limit=1&offset=2>; rel="next", <${adapter().baseUrl}/pets?${ids}&limit=1&offset=0>; rel="prev"`,
      );
      expect(link.length).toBeLessThanOrEqual(linkMaxLength);
    }));
});
