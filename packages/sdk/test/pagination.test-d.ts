import { describe, expectTypeOf, it } from "vitest";
import { type Category, createPetstoreClient, type Order, type Pet, paginate } from "../src/index.js";

const client = createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "k" });

describe("paginate", () => {
  it("types the items of each list operation", () => {
    expectTypeOf(paginate(client, "/pets", { params: { query: { status: ["available"], limit: 3 } } })).toEqualTypeOf<
      AsyncGenerator<Pet, void, undefined>
    >();
    expectTypeOf(paginate(client, "/store/orders")).toEqualTypeOf<AsyncGenerator<Order, void, undefined>>();
    expectTypeOf(paginate(client, "/categories", { params: { query: { limit: 1 } } })).toEqualTypeOf<
      AsyncGenerator<Category, void, undefined>
    >();
  });

  it("only accepts paged list operations, with their own query parameters", () => {
    // @ts-expect-error: GET /pets/{petId} is not a list.
    paginate(client, "/pets/{petId}");
    // @ts-expect-error: stauts is not a query parameter of listPets.
    paginate(client, "/pets", { params: { query: { stauts: ["sold"] } } });
  });
});
