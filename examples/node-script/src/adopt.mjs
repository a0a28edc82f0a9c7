// @ts-check
// A tour of @petstore/sdk from a plain Node script: no build step, no framework. Point it at any
// Petstore service with PETSTORE_BASE_URL and PETSTORE_API_KEY; by default it talks to the
// standalone mock that `pnpm start` serves at the repository root.
import { createPetstoreClient, PetstoreError, paginate, unwrap } from "@petstore/sdk";

const baseUrl = process.env.PETSTORE_BASE_URL || "http://127.0.0.1:4010";
const apiKey = process.env.PETSTORE_API_KEY || "petstore-demo-key";

const client = createPetstoreClient({ baseUrl, apiKey, timeoutMs: 10_000 });

/** @param {string} line */
const say = (line) => console.log(line);

/**
 * Finds a category by name (names are unique, compared case-insensitively) or creates it, so the
 * script can run again and again against the same server.
 * @param {string} name
 * @param {string} description
 * @returns {Promise<import("@petstore/sdk").Category>}
 */
async function findOrCreateCategory(name, description) {
  try {
    const created = await unwrap(client.POST("/categories", { body: { name, description } }));
    say(`Created the category "${created.name}" (#${created.id}).`);
    return created;
  } catch (error) {
    if (!(error instanceof PetstoreError) || error.code !== "DUPLICATE_NAME") {
      throw error;
    }
  }
  for await (const category of paginate(client, "/categories", { params: { query: { limit: 100 } } })) {
    if (category.name.toLowerCase() === name.toLowerCase()) {
      say(`The category "${category.name}" (#${category.id}) already exists; using it.`);
      return category;
    }
  }
  throw new Error(`the API says the category "${name}" exists, but it is not in the list`);
}

async function main() {
  say(`Petstore at ${baseUrl}`);

  // 1. A category and a pet in it. Every call returns { data, error, response }; `unwrap` turns
  //    that into the data or a thrown PetstoreError, for code that prefers try/catch.
  const category = await findOrCreateCategory("Hamsters", "Small, nocturnal and curious.");
  const pet = await unwrap(client.POST("/pets", { body: { name: "Biscuit", categoryId: category.id } }));
  say(`Created the pet ${pet.name} (#${pet.id}); it is ${pet.status}.`);

  // 2. A new pet has no stock: set it.
  const stock = await unwrap(
    client.PUT("/store/inventory/{petId}", { params: { path: { petId: pet.id } }, body: { quantity: 3 } }),
  );
  say(`Set the stock of ${pet.name} to ${stock.quantity}.`);

  // 3. An order for more than the stock is refused with 409. The error is typed: { code, message, status }.
  const tooMany = await client.POST("/store/orders", { body: { petId: pet.id, quantity: 5 } });
  if (tooMany.error) {
    say(
      `Ordering 5 of ${pet.name} was refused (${tooMany.error.status} ${tooMany.error.code}): ${tooMany.error.message}.`,
    );
  } else {
    throw new Error(`the API accepted an order for 5 of ${pet.name} with only 3 in stock`);
  }

  // 4. An order that fits the stock is placed, and its units are reserved at once.
  const order = await unwrap(client.POST("/store/orders", { body: { petId: pet.id, quantity: 2 } }));
  // The contract's Order schema marks no field as required, so its id is typed `number | undefined`.
  const orderId = order.id;
  if (orderId === undefined) {
    throw new Error("the API placed an order but sent it back without an id");
  }
  say(`Placed order #${orderId} for ${order.quantity} of ${pet.name}.`);
  const left = await unwrap(client.GET("/store/inventory/{petId}", { params: { path: { petId: pet.id } } }));
  say(`${pet.name} now has ${left.quantity} in stock and is ${left.status}.`);

  // 5. Fulfil it. The same call a second time is refused: a complete order is final.
  const fulfilled = await unwrap(
    client.PATCH("/store/orders/{orderId}", { params: { path: { orderId } }, body: { complete: true } }),
  );
  say(`Order #${fulfilled.id} is ${fulfilled.complete ? "fulfilled" : "still open"}.`);
  try {
    await unwrap(client.DELETE("/store/orders/{orderId}", { params: { path: { orderId } } }));
    throw new Error(`the API cancelled the complete order #${orderId}`);
  } catch (error) {
    if (!(error instanceof PetstoreError) || error.code !== "ORDER_COMPLETE") {
      throw error;
    }
    say(`Cancelling it now is refused too (${error.status} ${error.code}).`);
  }

  // 6. Page through the available pets, 5 at a time: `paginate` follows the Link header.
  const first = await client.GET("/pets", { params: { query: { status: ["available"], limit: 5 } } });
  say(`There are ${first.response.headers.get("X-Total-Count")} available pets. Listing them 5 per page:`);
  let count = 0;
  for await (const each of paginate(client, "/pets", { params: { query: { status: ["available"], limit: 5 } } })) {
    count++;
    if (count % 5 === 1) {
      say(`  page ${Math.ceil(count / 5)}:`);
    }
    say(`    #${each.id} ${each.name}`);
  }
  say(`Listed ${count} available pets. Done.`);
}

main().catch((error) => {
  if (error instanceof PetstoreError) {
    const hint =
      error.code === "NETWORK_ERROR"
        ? ` Is the mock running? Start it with \`pnpm start\` at the repository root, or set PETSTORE_BASE_URL.`
        : error.code === "UNAUTHORIZED"
          ? " Check PETSTORE_API_KEY."
          : "";
    console.error(`Failed: ${error.message} (${error.code}).${hint}`);
  } else {
    console.error(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  }
  process.exitCode = 1;
});
