import { describe, expectTypeOf, it } from "vitest";
import type { PersistOptions, PetstoreServiceWorkerOptions } from "../src/browser.js";
import { setupPetstoreServer } from "../src/node.js";

// Compile-time checks (see store.test-d.ts): nothing here runs.
describe("persist", () => {
  it("is an option of the browser helper only", () => {
    expectTypeOf<PetstoreServiceWorkerOptions["persist"]>().toEqualTypeOf<boolean | PersistOptions | undefined>();
    expectTypeOf<PersistOptions["storage"]>().toEqualTypeOf<"session" | "local" | undefined>();
    const local: PetstoreServiceWorkerOptions = { baseUrl: "/api", persist: { storage: "local" } };
    void local;
    // @ts-expect-error: sessionStorage or localStorage, nothing else.
    const other: PetstoreServiceWorkerOptions = { persist: { storage: "indexeddb" } };
    void other;
    // @ts-expect-error: Node has no page to keep the store across reloads of.
    setupPetstoreServer({ persist: true });
  });
});
