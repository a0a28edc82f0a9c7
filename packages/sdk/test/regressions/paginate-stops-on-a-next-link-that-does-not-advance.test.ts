import { afterEach, expect, it } from "vitest";
import { createPetstoreClient, PetstoreError, paginate } from "../../src/index.js";
import { startStandIn } from "../support.js";

// paginate followed any `next` link: one that pointed at the same page, or back to an earlier one,
// yielded the same records for ever.
let standIn: Awaited<ReturnType<typeof startStandIn>>;
afterEach(() => standIn.close());

/** A list whose `next` link goes wherever `nextOffset` says, whatever the page. */
const listWithNext = (nextOffset: (offset: number) => number) =>
  startStandIn((request, response) => {
    const offset = Number(new URL(request.url!, "http://stand-in").searchParams.get("offset") ?? 0);
    response.writeHead(200, {
      "Content-Type": "application/json",
      Link: `</pets?offset=${nextOffset(offset)}&limit=2>; rel="next"`,
    });
    response.end(JSON.stringify([{ id: offset + 1 }, { id: offset + 2 }]));
  });

it.each([
  ["points at the same page", (offset: number) => offset, [1, 2]],
  ["goes back to an earlier page", (offset: number) => (offset === 0 ? 2 : 0), [1, 2, 3, 4]],
])("ends with a PetstoreError when the next link %s", async (_, nextOffset, before) => {
  standIn = await listWithNext(nextOffset);
  const ids: number[] = [];
  const client = createPetstoreClient({ baseUrl: standIn.url, apiKey: "key" });
  const failure = await (async () => {
    for await (const pet of paginate(client, "/pets", { params: { query: { limit: 2 } } })) {
      ids.push(pet.id);
      if (ids.length > 100) {
        throw new Error(`paginate kept yielding: ${ids.slice(0, 8).join(", ")}, …`);
      }
    }
  })().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(PetstoreError);
  expect(failure).toMatchObject({ code: "UNEXPECTED_RESPONSE", status: 200, method: "GET" });
  expect((failure as Error).message).toMatch(/next/);
  expect(ids).toEqual(before);
});
