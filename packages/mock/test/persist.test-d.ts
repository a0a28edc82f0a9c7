import { describe, expectTypeOf, it } from "vitest";
import type { PersistOptions, PetstoreWorkerOptions } from "../src/browser.js";
import { setupPetstoreServer } from "../src/node.js";

// Compile-time checks (see store.test-d.ts): nothing here runs.
describe("persist", () => {
  it("is an option of the browser helper only", () => {
    expectTypeOf<PetstoreWorkerOptions["persist"]>().toEqualTypeOf<boolean | PersistOptions | undefined>();
    expectTypeOf<PersistOptions["storage"]>().toEqualTypeOf<"session" | "local" | undefined>();
    const local: PetstoreWorkerOptions = { baseUrl: "/api", persist: { storage: "local" } };
    void local;
    // @ts-expect-error: sessionStorage or localStorage, nothing else.
    const other: PetstoreWorkerOptions = { persist: { storage: "indexeddb" } };
    void other;
    // @ts-expect-error: Node has no page to keep the store across reloads of.
    setupPetstoreServer({ persist: true });
  });
});
