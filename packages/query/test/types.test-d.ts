import type { Category, ErrorCode, Pet, PetstoreError } from "@petstore/sdk";
import { type dataTagErrorSymbol, type InfiniteData, QueryClient } from "@tanstack/query-core";
import { describe, expectTypeOf, it } from "vitest";
import type { createPetstoreQueries, PetstorePage } from "../src/index.js";
import { queriesOverMock } from "./support.js";

const { queries } = queriesOverMock();
const queryClient = new QueryClient();

describe("types from the document", () => {
  it("types a query's data from the operation's success response", async () => {
    expectTypeOf(await queryClient.fetchQuery(queries.queryOptions("get", "/pets"))).toEqualTypeOf<Pet[]>();
    const options = queries.queryOptions("get", "/categories/{categoryId}", { params: { path: { categoryId: 1 } } });
    expectTypeOf(await queryClient.fetchQuery(options)).toEqualTypeOf<Category>();
    expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<Category | undefined>();
  });

  it("narrows a query's error code to what the operation documents", () => {
    const options = queries.queryOptions("get", "/categories/{categoryId}", { params: { path: { categoryId: 1 } } });
    type Failure = (typeof options.queryKey)[typeof dataTagErrorSymbol];
    expectTypeOf<Failure>().toExtend<PetstoreError>();
    expectTypeOf<Failure["code"]>().toExtend<ErrorCode | "NETWORK_ERROR" | "TIMEOUT" | "UNEXPECTED_RESPONSE">();
    // getCategory never answers 409: its errors cannot be DUPLICATE_NAME.
    expectTypeOf<"DUPLICATE_NAME">().not.toExtend<Failure["code"]>();
    expectTypeOf<"NOT_FOUND">().toExtend<Failure["code"]>();
  });

  it("requires the init where the operation has required parameters, and rejects unknown paths", () => {
    // @ts-expect-error getPet needs its petId
    queries.queryOptions("get", "/pets/{petId}");
    // @ts-expect-error no such path
    queries.queryOptions("get", "/petz");
    // @ts-expect-error a write is not a query
    queries.queryOptions("post", "/pets");
    // @ts-expect-error listPets takes no petId
    queries.queryOptions("get", "/pets", { params: { query: { petId: 1 } } });
  });

  it("types a mutation's variables as the call's init, and its result", () => {
    const options = queries.mutationOptions("post", "/pets");
    expectTypeOf(options.mutationFn).parameter(0).toMatchTypeOf<{ body: { name: string } }>();
    expectTypeOf(options.mutationFn).returns.resolves.toEqualTypeOf<Pet>();
    // @ts-expect-error GET is not a mutation
    queries.mutationOptions("get", "/pets");
  });

  it("pages list operations only", async () => {
    const data = await queryClient.fetchInfiniteQuery(queries.infiniteQueryOptions("get", "/pets"));
    expectTypeOf(data).toEqualTypeOf<InfiniteData<PetstorePage<Pet>, number>>();
    // @ts-expect-error getPet is not a list
    queries.infiniteQueryOptions("get", "/pets/{petId}", { params: { path: { petId: 1 } } });
  });

  it("takes any QueryClient by what it uses of it, not by its class", () => {
    expectTypeOf(queryClient).toExtend<Parameters<typeof createPetstoreQueries>[1]["queryClient"]>();
    // A class of one query-core copy is not assignable to another copy's (private fields); a shape is.
    expectTypeOf({ invalidateQueries: async (_: { queryKey: readonly unknown[] }) => {} }).toExtend<
      Parameters<typeof createPetstoreQueries>[1]["queryClient"]
    >();
  });
});
