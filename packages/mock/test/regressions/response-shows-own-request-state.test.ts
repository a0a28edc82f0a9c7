import { expect, it } from "vitest";
import type { Pet } from "../../src/index.js";
import { type AdapterUnderTest, describeEachAdapter, json } from "../support/adapters.js";
import { until } from "../support/until.js";

// The bug: handlers returned the live store record and it was serialised later, so a
// response could show what a later request wrote: two concurrent PATCHes both answered the second
// name, a delayed PATCH answered a later write, a delayed list showed a pet no longer matching it.

const patch = (adapter: AdapterUnderTest, petId: number, changes: Partial<Pet>, headers?: Record<string, string>) =>
  adapter.request(`/pets/${petId}`, { method: "PATCH", json: changes, headers });

async function nameOf(adapter: AdapterUnderTest, petId: number): Promise<string> {
  return (await json<Pet>(await adapter.request(`/pets/${petId}`))).name;
}

describeEachAdapter("a response shows the state its own request left", (adapter) => {
  it("concurrent PATCHes of one pet each answer the name they set", async () => {
    const names = Array.from({ length: 8 }, (_, index) => `N${index}`);
    const responses = await Promise.all(names.map((name) => patch(adapter(), 2, { name })));
    const answered = await Promise.all(responses.map((response) => json<Pet>(response)));
    expect(answered.map((pet) => pet.name)).toEqual(names);
  });

  it("a delayed PATCH answers its own write, not a later request's", async () => {
    const delayed = patch(adapter(), 2, { name: "Before" }, { Prefer: "delay=2000" });
    await until(async () => (await nameOf(adapter(), 2)) === "Before");
    expect((await json<Pet>(await patch(adapter(), 2, { name: "After" }))).name).toBe("After");
    expect((await json<Pet>(await delayed)).name).toBe("Before");
  });

  it("a delayed list shows the pets as they were when it was read", async () => {
    const pets = adapter().store.pets;
    const originalPage = pets.page;
    let read!: () => void;
    const listed = new Promise<void>((resolve) => {
      read = resolve;
    });
    pets.page = (query) => {
      const page = originalPage.call(pets, query);
      read();
      return page;
    };
    try {
      const delayed = adapter().request("/pets?status=available", { headers: { Prefer: "delay=2000" } });
      await listed;
      const [first] = (await json<Pet[]>(await adapter().request("/pets?status=available&limit=1"))) as [Pet];
      await patch(adapter(), first.id, { status: "pending" });
      const page = await json<Pet[]>(await delayed);
      expect(page.map((pet) => pet.status)).toEqual(page.map(() => "available"));
      expect(page.map((pet) => pet.id)).toContain(first.id);
    } finally {
      pets.page = originalPage;
    }
  });
});
