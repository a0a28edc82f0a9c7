import { operations as documentOperations } from "@petstore/contract";
import { createPetstoreClient, PetstoreError, parseNextLink } from "@petstore/sdk";
import { type FetchQueryOptions, hashKey, isCancelledError, MutationObserver, QueryClient } from "@tanstack/query-core";
import { describe, expect, it } from "vitest";
import { createPetstoreQueries } from "../src/index.js";
import { BASE_URL, queriesOverMock } from "./support.js";

/** The keys of the cached queries a mutation left invalidated, as readable strings. */
const invalidated = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => hashKey(query.queryKey))
    .sort();

describe("queryOptions", () => {
  it("fetches with fetchQuery, keyed by operation and parameters", async () => {
    const { queries, queryClient } = queriesOverMock();
    const options = queries.queryOptions("get", "/pets/{petId}", { params: { path: { petId: 1 } } });
    expect(options.queryKey).toEqual(["petstore", "getPet", { path: { petId: 1 } }]);
    const pet = await queryClient.fetchQuery(options);
    expect(pet).toMatchObject({ id: 1 });
    expect(queryClient.getQueryData(options.queryKey)).toEqual(pet);
  });

  it("gives the same key for the same parameters in any order, and a prefix key for the whole operation", () => {
    const { queries } = queriesOverMock();
    const one = queries.queryKey("get", "/pets", { params: { query: { limit: 5, status: ["sold"] } } });
    const other = queries.queryKey("get", "/pets", { params: { query: { status: ["sold"], limit: 5 } } });
    expect(hashKey(one)).toBe(hashKey(other));
    expect(queries.queryKey("get", "/pets")).toEqual(["petstore", "listPets", {}]);
  });

  it("rejects with the SDK's PetstoreError, code and status from the API", async () => {
    const { queries, queryClient } = queriesOverMock();
    const failure = await queryClient
      .fetchQuery(
        queries.queryOptions("get", "/categories/{categoryId}", { params: { path: { categoryId: 999_999 } } }),
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject({ code: "NOT_FOUND", status: 404, method: "GET", path: "/categories/999999" });
  });

  it("hands TanStack Query's AbortSignal to the call: cancelling a query aborts its request", async () => {
    const { queries, queryClient, requests } = queriesOverMock();
    const options = queries.queryOptions("get", "/pets", { params: { header: { Prefer: "delay=5000" } } });
    const pending = queryClient.fetchQuery(options).catch((error: unknown) => error);
    await expect.poll(() => requests.length).toBe(1);
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    expect(isCancelledError(await pending)).toBe(true);
    expect(requests[0]!.signal.aborted).toBe(true);
  });

  it("throws a TypeError that names an unknown operation", () => {
    const { queries } = queriesOverMock();
    expect(() => queries.queryOptions("get", "/nope" as "/pets")).toThrow(
      new TypeError("GET /nope is not an operation of the Petstore API"),
    );
  });
});

describe("infiniteQueryOptions", () => {
  it("pages until X-Total-Count, where the Link header's next page is", async () => {
    const { queries, queryClient } = queriesOverMock();
    const options = queries.infiniteQueryOptions("get", "/pets", { params: { query: { limit: 8 } } });
    expect(options.queryKey).toEqual(["petstore", "listPets", { query: { limit: 8 } }, "infinite"]);
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 10 });
    const all = await queryClient.fetchQuery(
      queries.queryOptions("get", "/pets", { params: { query: { limit: 100 } } }),
    );
    expect(data.pageParams).toEqual([0, 8, 16]);
    expect(data.pages.flatMap((page) => page.items)).toEqual(all);
    expect(data.pages.map((page) => [page.nextOffset, page.totalCount])).toEqual([
      [8, all.length],
      [16, all.length],
      [undefined, all.length],
    ]);
  });
  it("names as each page's next offset the one its Link header names", async () => {
    const { queries, queryClient, client } = queriesOverMock();
    const options = queries.infiniteQueryOptions("get", "/pets", { params: { query: { limit: 7, offset: 3 } } });
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 10 });
    expect(data.pageParams.slice(0, 3)).toEqual([3, 10, 17]);
    for (const [index, offset] of data.pageParams.entries()) {
      const { response } = await client.GET("/pets", { params: { query: { limit: 7, offset } } });
      const linked = parseNextLink(response.headers.get("Link"))?.get("offset");
      expect(data.pages[index]!.nextOffset, `the page at ${offset}`).toBe(linked ? Number(linked) : undefined);
    }
  });

  it("ends a list at X-Total-Count, at an empty page, and at a response without the count", async () => {
    /** A list of `total` numbers served `limit` at a time, with the headers `headers(offset)` chooses. */
    const pagesOf = async (total: number, headers: (offset: number) => Record<string, string>) => {
      const client = createPetstoreClient({
        baseUrl: BASE_URL,
        apiKey: "key",
        retry: false,
        fetch: async (request: Request) => {
          const offset = Number(new URL(request.url).searchParams.get("offset"));
          const items = Array.from({ length: Math.max(0, Math.min(4, total - offset)) }, (_, i) => offset + i);
          return Response.json(items, { headers: headers(offset) });
        },
      });
      const queryClient = new QueryClient();
      const options = createPetstoreQueries(client, { queryClient }).infiniteQueryOptions("get", "/store/inventory", {
        params: { query: { limit: 4 } },
      });
      const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 10 });
      return data.pages.map((page) => [page.items.length, page.nextOffset, page.totalCount]);
    };
    // A last page that is full: the count, not its size, ends the list.
    expect(await pagesOf(8, () => ({ "X-Total-Count": "8" }))).toEqual([
      [4, 4, 8],
      [4, undefined, 8],
    ]);
    // A count larger than what the server holds: the empty page ends it, rather than asking for it again.
    expect(await pagesOf(6, () => ({ "X-Total-Count": "100" }))).toEqual([
      [4, 4, 100],
      [2, 6, 100],
      [0, undefined, 100],
    ]);
    // No count: one page, as without a Link header.
    expect(await pagesOf(6, () => ({}))).toEqual([[4, undefined, undefined]]);
  });
});

describe("mutationOptions", () => {
  it("returns the created record, and throws PetstoreError with the operation's code", async () => {
    const { queries, queryClient } = queriesOverMock();
    const create = new MutationObserver(queryClient, queries.mutationOptions("post", "/categories"));
    expect(await create.mutate({ body: { name: "Hamsters" } })).toMatchObject({ name: "Hamsters" });
    const failure = await create.mutate({ body: { name: "hamsters" } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "DUPLICATE_NAME", status: 409 });
    expect(failure).toBeInstanceOf(PetstoreError);
  });

  it("places an order and invalidates exactly what x-affects names, narrowed to the ordered pet", async () => {
    const { queries, queryClient, store, ready } = queriesOverMock();
    await ready;
    const inStock = [...store.inventory.values()].filter((item) => item.status === "available" && item.quantity > 0);
    const [ordered, other] = inStock.slice(0, 2).map((item) => store.pets.get(item.petId)!);
    const reads = [
      queries.queryOptions("get", "/pets"),
      queries.queryOptions("get", "/pets", { params: { query: { limit: 5 } } }),
      queries.queryOptions("get", "/pets/{petId}", { params: { path: { petId: ordered!.id } } }),
      queries.queryOptions("get", "/pets/{petId}", { params: { path: { petId: other!.id } } }),
      queries.queryOptions("get", "/categories"),
      queries.queryOptions("get", "/categories/{categoryId}", {
        params: { path: { categoryId: ordered!.categoryId } },
      }),
      queries.queryOptions("get", "/store/inventory"),
      queries.queryOptions("get", "/store/inventory/{petId}", { params: { path: { petId: ordered!.id } } }),
      queries.queryOptions("get", "/store/inventory/{petId}", { params: { path: { petId: other!.id } } }),
      queries.queryOptions("get", "/store/orders/{orderId}", { params: { path: { orderId: 1 } } }),
    ];
    await Promise.all(reads.map((read) => queryClient.fetchQuery(read as unknown as FetchQueryOptions)));
    const place = new MutationObserver(queryClient, queries.mutationOptions("post", "/store/orders"));
    await place.mutate({ body: { petId: ordered!.id, quantity: 1 } });

    const key = (operationId: string, petId?: number, query?: object) =>
      hashKey(["petstore", operationId, petId === undefined ? (query ?? {}) : { path: { petId } }]);
    expect(invalidated(queryClient)).toEqual(
      [
        key("listPets"),
        key("listPets", undefined, { query: { limit: 5 } }),
        key("getPet", ordered!.id),
        key("listInventory"),
        key("getInventoryItem", ordered!.id),
      ].sort(),
    );
  });

  it("for every write, invalidates the reads its x-affects names and leaves the others", async () => {
    // One cached query per read operation with no path parameter; each write must mark exactly the
    // ones its x-affects lists (path-narrowed entries are covered above).
    const listReads = documentOperations.filter((op) => op.method === "GET" && !op.path.includes("{"));
    for (const write of documentOperations.filter((op) => op.method !== "GET")) {
      const { queries, queryClient } = queriesOverMock();
      for (const read of listReads) {
        queryClient.setQueryData(queries.queryKey("get", read.path as "/pets"), []);
      }
      const options = queries.mutationOptions(write.method.toLowerCase() as "post", write.path as "/pets");
      await options.onSuccess(undefined as never, {} as never);
      const named = new Set(write.affects.map((entry) => entry.operationId));
      expect(invalidated(queryClient), write.operationId).toEqual(
        listReads
          .filter((read) => named.has(read.operationId))
          .map((read) => hashKey(["petstore", read.operationId, {}]))
          .sort(),
      );
    }
  });
});
