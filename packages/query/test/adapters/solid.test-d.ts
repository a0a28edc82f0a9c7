import { QueryClient, useInfiniteQuery, useMutation, useQueries, useQuery } from "@tanstack/solid-query";
import { describe, expectTypeOf, it } from "vitest";
import type { ErrorOf } from "../../src/index.js";
import { petstoreFor } from "./support.js";

const petstore = petstoreFor(new QueryClient());
const onePet = { params: { path: { petId: 1 } } } as const;

describe("@tanstack/solid-query", () => {
  it("types a query's error as the operation's PetstoreError", () => {
    const query = useQuery(() => petstore.queryOptions("get", "/pets/{petId}", onePet));
    expectTypeOf(query.error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | null>();
    expectTypeOf<"NOT_FOUND">().toExtend<NonNullable<typeof query.error>["code"]>();
    expectTypeOf<"DUPLICATE_NAME">().not.toExtend<NonNullable<typeof query.error>["code"]>();
  });

  it("types useInfiniteQuery and useQueries alike", () => {
    expectTypeOf(useInfiniteQuery(() => petstore.infiniteQueryOptions("get", "/pets")).error).toEqualTypeOf<ErrorOf<
      "get",
      "/pets"
    > | null>();
    const [pet, pets] = useQueries(() => ({
      queries: [petstore.queryOptions("get", "/pets/{petId}", onePet), petstore.queryOptions("get", "/pets")],
    }));
    expectTypeOf(pet.error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | null>();
    expectTypeOf(pets.error).toEqualTypeOf<ErrorOf<"get", "/pets"> | null>();
  });

  it("types a mutation's error", () => {
    const mutation = useMutation(() => petstore.mutationOptions("post", "/store/orders"));
    expectTypeOf(mutation.error).toEqualTypeOf<ErrorOf<"post", "/store/orders"> | null>();
  });
});
