// A bare QueryClient: observers infer from the options, the cache's readers from the key's tag.
import { InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver } from "@tanstack/query-core";
import { describe, expectTypeOf, it } from "vitest";
import type { ErrorOf } from "../../src/index.js";
import { petstoreFor } from "./support.js";

const queryClient = new QueryClient();
const petstore = petstoreFor(queryClient);
const onePet = { params: { path: { petId: 1 } } } as const;

describe("@tanstack/query-core", () => {
  it("types the error of observers and of the cached state", () => {
    const options = petstore.queryOptions("get", "/pets/{petId}", onePet);
    expectTypeOf(new QueryObserver(queryClient, options).getCurrentResult().error).toEqualTypeOf<ErrorOf<
      "get",
      "/pets/{petId}"
    > | null>();
    expectTypeOf(queryClient.getQueryState(options.queryKey)?.error).toEqualTypeOf<
      ErrorOf<"get", "/pets/{petId}"> | null | undefined
    >();
    const pages = new InfiniteQueryObserver(queryClient, petstore.infiniteQueryOptions("get", "/pets"));
    expectTypeOf(pages.getCurrentResult().error).toEqualTypeOf<ErrorOf<"get", "/pets"> | null>();
    const order = new MutationObserver(queryClient, petstore.mutationOptions("post", "/store/orders"));
    expectTypeOf(order.getCurrentResult().error).toEqualTypeOf<ErrorOf<"post", "/store/orders"> | null>();
  });
});
