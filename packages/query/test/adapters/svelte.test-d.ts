import { createInfiniteQuery, createMutation, createQueries, createQuery, QueryClient } from "@tanstack/svelte-query";
import { describe, expectTypeOf, it } from "vitest";
import type { ErrorOf } from "../../src/index.js";
import { petstoreFor } from "./support.js";

const petstore = petstoreFor(new QueryClient());
const onePet = { params: { path: { petId: 1 } } } as const;

describe("@tanstack/svelte-query", () => {
  it("types a query's error as the operation's PetstoreError", () => {
    const query = createQuery(() => petstore.queryOptions("get", "/pets/{petId}", onePet));
    expectTypeOf(query.error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | null>();
    expectTypeOf<"NOT_FOUND">().toExtend<NonNullable<typeof query.error>["code"]>();
    expectTypeOf<"DUPLICATE_NAME">().not.toExtend<NonNullable<typeof query.error>["code"]>();
  });

  it("types createInfiniteQuery and createQueries alike", () => {
    expectTypeOf(createInfiniteQuery(() => petstore.infiniteQueryOptions("get", "/pets")).error).toEqualTypeOf<ErrorOf<
      "get",
      "/pets"
    > | null>();
    const [pet, pets] = createQueries(() => ({
      queries: [petstore.queryOptions("get", "/pets/{petId}", onePet), petstore.queryOptions("get", "/pets")],
    }));
    expectTypeOf(pet.error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | null>();
    expectTypeOf(pets.error).toEqualTypeOf<ErrorOf<"get", "/pets"> | null>();
  });

  it("types a mutation's error", () => {
    const mutation = createMutation(() => petstore.mutationOptions("post", "/store/orders"));
    expectTypeOf(mutation.error).toEqualTypeOf<ErrorOf<"post", "/store/orders"> | null>();
  });
});
