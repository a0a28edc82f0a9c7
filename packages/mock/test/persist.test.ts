import { describe, expect, it } from "vitest";
import { canPersist } from "../src/browser/persistence.js";
import { createPetstoreHandlers } from "../src/index.js";
import { setupPetstoreServer } from "../src/node.js";

// `persist` belongs to the browser helper (setupPetstoreServiceWorker); the Chromium tests of
// examples/browser-app cover it. In Node it is not typed, and passed anyway it changes nothing.
describe("persist outside a browser", () => {
  it("is not available in Node", () => {
    expect(canPersist()).toBe(false);
  });

  it("is ignored by the Node helpers, which still seed and answer", async () => {
    const options = { baseUrl: "http://127.0.0.1:4010", persist: true } as Parameters<typeof setupPetstoreServer>[0];
    const handlers = createPetstoreHandlers(options);
    await handlers.ready;
    expect(handlers.store.pets.size).toBe(20);
    const server = setupPetstoreServer(options);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const response = await fetch("http://127.0.0.1:4010/pets/1", {
        headers: { Authorization: "Bearer petstore-demo-key" },
      });
      expect(response.status).toBe(200);
      await server.store.pets.insert({ name: "Biscuit", categoryId: 1, status: "available" });
      await server.reset();
      expect(server.store.pets.size).toBe(20);
    } finally {
      server.close();
    }
  });
});
