import { describe, expect, it } from "vitest";
import { createPetstoreStore } from "../src/index.js";

// `exclusive` runs a change at once when the store is idle (the request hot path); these hold it to one at a time.
describe("store.exclusive", () => {
  it("runs changes one at a time: one that awaits holds every change after it, and a failing one holds none", async () => {
    const store = createPetstoreStore();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = store.exclusive(async () => {
      order.push("slow starts");
      await gate;
      order.push("slow ends");
      return "slow";
    });
    const failing = store.exclusive(() => {
      order.push("failing runs");
      throw new Error("refused");
    });
    const quick = store.exclusive(() => {
      order.push("quick runs");
      return "quick";
    });
    await Promise.resolve();
    expect(order).toEqual(["slow starts"]);
    release();
    expect(await slow).toBe("slow");
    await expect(failing).rejects.toThrow("refused");
    expect(await quick).toBe("quick");
    expect(order).toEqual(["slow starts", "slow ends", "failing runs", "quick runs"]);
    // Idle again: a change runs at once, and one that throws rejects instead of throwing to the caller.
    const idle = store.exclusive(() => order.push("idle runs"));
    expect(order.at(-1)).toBe("idle runs");
    await idle;
    const thrown = store.exclusive(() => {
      throw new Error("at once");
    });
    await expect(thrown).rejects.toThrow("at once");
  });

  it("runs a change asked for by a running change after it, not inside it", async () => {
    const store = createPetstoreStore();
    const order: string[] = [];
    let inner: Promise<unknown> | undefined;
    await store.exclusive(() => {
      order.push("outer starts");
      inner = store.exclusive(() => order.push("inner runs"));
      order.push("outer ends");
    });
    await inner;
    expect(order).toEqual(["outer starts", "outer ends", "inner runs"]);
  });

  it("tells the commit listeners after each change that wrote, before its caller goes on, and not after a read", async () => {
    const store = createPetstoreStore();
    const heard: string[] = [];
    store.onCommit(() => heard.push("commit"));
    await store.exclusive(() => store.pets.get(1));
    expect(heard).toEqual([]);
    const category = await store.exclusive(() => store.categories.insert({ name: "Birds" }));
    expect(heard).toEqual(["commit"]);
    await store.exclusive(async () => {
      await Promise.resolve();
      await store.categories.insert({ name: "Fish" });
    });
    expect(heard).toEqual(["commit", "commit"]);
    // A write that awaits nothing runs and commits at once.
    const renamed = store.exclusive(() => store.categories.update(category, { name: "Parrots" }));
    expect(heard).toEqual(["commit", "commit", "commit"]);
    await renamed;
    expect(store.categories.get(category.id)?.name).toBe("Parrots");
  });
});
