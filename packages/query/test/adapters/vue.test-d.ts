// @tanstack/vue-query 5.104 pins @tanstack/query-core 5.104.0, an older copy than ours: the options must fit it.
import { QueryClient, useInfiniteQuery, useMutation, useQueries, useQuery } from "@tanstack/vue-query";
import { describe, expectTypeOf, it } from "vitest";
import type { ErrorOf } from "../../src/index.js";
import { petstoreFor } from "./support.js";

const petstore = petstoreFor(new QueryClient());
const onePet = { params: { path: { petId: 1 } } } as const;

describe("@tanstack/vue-query", () => {
  it("types a query's error as the operation's PetstoreError", () => {
    const { error } = useQuery(petstore.queryOptions("get", "/pets/{petId}", onePet));
    expectTypeOf(error.value).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | null>();
    const code = error.value?.code;
    expectTypeOf<"NOT_FOUND">().toExtend<typeof code>();
    expectTypeOf<"DUPLICATE_NAME">().not.toExtend<typeof code>();
  });

  it("types useInfiniteQuery and useQueries alike", () => {
    expectTypeOf(useInfiniteQuery(petstore.infiniteQueryOptions("get", "/pets")).error.value).toEqualTypeOf<ErrorOf<
      "get",
      "/pets"
    > | null>();
    const results = useQueries({
      queries: [petstore.queryOptions("get", "/pets/{petId}", onePet), petstore.queryOptions("get", "/pets")],
    });
    expectTypeOf(results.value[0].error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | null>();
    expectTypeOf(results.value[1].error).toEqualTypeOf<ErrorOf<"get", "/pets"> | null>();
  });

  it("types a mutation's error", () => {
    const { error } = useMutation(petstore.mutationOptions("post", "/store/orders"));
    expectTypeOf(error.value).toEqualTypeOf<ErrorOf<"post", "/store/orders"> | null>();
  });
});
