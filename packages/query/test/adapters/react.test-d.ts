import {
  QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from "@tanstack/react-query";
import { describe, expectTypeOf, it } from "vitest";
import type { ErrorOf } from "../../src/index.js";
import { petstoreFor } from "./support.js";

const petstore = petstoreFor(new QueryClient());
const onePet = { params: { path: { petId: 1 } } } as const;

describe("@tanstack/react-query", () => {
  it("types a query's error as the operation's PetstoreError", () => {
    const { error } = useQuery(petstore.queryOptions("get", "/pets/{petId}", onePet));
    expectTypeOf(error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | null>();
    if (error) {
      expectTypeOf<"NOT_FOUND">().toExtend<typeof error.code>();
      // getPet never answers 409: DUPLICATE_NAME is not one of its codes.
      expectTypeOf<"DUPLICATE_NAME">().not.toExtend<typeof error.code>();
      // @ts-expect-error a code getPet does not document
      error.code === "DUPLICATE_NAME";
    }
  });

  it("types useSuspenseQuery, useInfiniteQuery, useSuspenseInfiniteQuery and useQueries alike", () => {
    expectTypeOf(useSuspenseQuery(petstore.queryOptions("get", "/pets/{petId}", onePet)).error).toEqualTypeOf<ErrorOf<
      "get",
      "/pets/{petId}"
    > | null>();
    expectTypeOf(useInfiniteQuery(petstore.infiniteQueryOptions("get", "/pets")).error).toEqualTypeOf<ErrorOf<
      "get",
      "/pets"
    > | null>();
    expectTypeOf(useSuspenseInfiniteQuery(petstore.infiniteQueryOptions("get", "/pets")).error).toEqualTypeOf<ErrorOf<
      "get",
      "/pets"
    > | null>();
    const [pet, pets] = useQueries({
      queries: [petstore.queryOptions("get", "/pets/{petId}", onePet), petstore.queryOptions("get", "/pets")],
    });
    expectTypeOf(pet.error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | null>();
    expectTypeOf(pets.error).toEqualTypeOf<ErrorOf<"get", "/pets"> | null>();
  });

  it("types a mutation's error", () => {
    const { error } = useMutation(petstore.mutationOptions("post", "/store/orders"));
    expectTypeOf(error).toEqualTypeOf<ErrorOf<"post", "/store/orders"> | null>();
    expectTypeOf<"INSUFFICIENT_STOCK">().toExtend<NonNullable<typeof error>["code"]>();
  });
});
