import type { Order, Pet, PetstoreError } from "@petstore/sdk";
import { createPetstoreClient } from "@petstore/sdk";
import { mutate, useSWRConfig } from "swr";
import useSWRInfinite from "swr/infinite";
import useSWRMutation from "swr/mutation";
import { describe, expectTypeOf, it } from "vitest";
import { createPetstoreSWR, type ErrorOf, type PetstorePage, useSWR } from "../../src/swr/index.js";

// Over a client that is never called: this file only type-checks.
const petstore = createPetstoreSWR(
  createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "petstore-demo-key" }),
);
const onePet = { params: { path: { petId: 1 } } } as const;

describe("useSWR", () => {
  it("types data from the operation's success response and error as its PetstoreError", () => {
    const { data, error } = useSWR(...petstore.swr("get", "/pets/{petId}", onePet));
    expectTypeOf(data).toEqualTypeOf<Pet | undefined>();
    expectTypeOf(error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | undefined>();
    expectTypeOf<NonNullable<typeof error>>().toExtend<PetstoreError>();
    if (error) {
      expectTypeOf<"NOT_FOUND" | "NETWORK_ERROR" | "TIMEOUT">().toExtend<typeof error.code>();
      // getPet never answers 409: DUPLICATE_NAME is not one of its codes.
      // @ts-expect-error a code getPet does not document
      error.code === "DUPLICATE_NAME";
    }
  });

  it("keeps the types in suspense mode, where data is always there", () => {
    const [key, fetcher, config] = petstore.swr("get", "/pets/{petId}", onePet);
    const { data, error } = useSWR(key, fetcher, { ...config, suspense: true });
    expectTypeOf(data).toEqualTypeOf<Pet>();
    expectTypeOf(error).toEqualTypeOf<ErrorOf<"get", "/pets/{petId}"> | undefined>();
  });

  it("rejects wrong paths, methods and parameters", () => {
    // @ts-expect-error getPet needs its petId
    petstore.swr("get", "/pets/{petId}");
    // @ts-expect-error no such path
    petstore.swr("get", "/petz");
    // @ts-expect-error a write is not a read
    petstore.swr("post", "/pets");
    // @ts-expect-error listPets takes no petId
    petstore.swr("get", "/pets", { params: { query: { petId: 1 } } });
  });
});

describe("useSWRInfinite", () => {
  it("types pages and the error of a list", () => {
    const { data, error } = useSWRInfinite(...petstore.infinite("get", "/pets", { params: { query: { limit: 8 } } }));
    expectTypeOf(data).toEqualTypeOf<PetstorePage<Pet>[] | undefined>();
    expectTypeOf(error).toEqualTypeOf<ErrorOf<"get", "/pets"> | undefined>();
    if (error) {
      // @ts-expect-error listPets never answers 404
      error.code === "NOT_FOUND";
    }
    // @ts-expect-error getPet is not a list
    petstore.infinite("get", "/pets/{petId}", onePet);
  });
});

describe("useSWRMutation", () => {
  it("types the trigger's argument as the call's init, its result, and the error", async () => {
    const { trigger, error, data } = useSWRMutation(...petstore.mutation("post", "/store/orders"));
    expectTypeOf(error).toEqualTypeOf<ErrorOf<"post", "/store/orders"> | undefined>();
    expectTypeOf(data).toEqualTypeOf<Order | undefined>();
    if (error) {
      expectTypeOf<"INSUFFICIENT_STOCK">().toExtend<typeof error.code>();
      // @ts-expect-error placeOrder never answers DUPLICATE_NAME
      error.code === "DUPLICATE_NAME";
    }
    const order = await trigger({ body: { petId: 1, quantity: 1 } });
    expectTypeOf(order).toEqualTypeOf<Order>();
    // @ts-expect-error the order needs a petId
    trigger({ body: { quantity: 1 } });
    // @ts-expect-error GET is not a write
    petstore.mutation("get", "/pets");
  });

  it("revalidates through swr's global mutate or a scoped one", () => {
    createPetstoreSWR(createPetstoreClient({ baseUrl: "http://x.test", apiKey: "k" }), { mutate });
    const scoped = useSWRConfig().mutate;
    createPetstoreSWR(createPetstoreClient({ baseUrl: "http://x.test", apiKey: "k" }), { mutate: scoped });
  });
});
