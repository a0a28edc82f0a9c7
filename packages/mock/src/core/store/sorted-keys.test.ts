// In-process unit tests of the store's ordered key set (project `mock`).
import { describe, expect, it } from "vitest";
import { SortedKeys } from "./sorted-keys.js";

const keysOf = (...keys: number[]) => {
  const set = new SortedKeys();
  for (const key of keys) {
    set.add(key);
  }
  return set;
};

describe("SortedKeys", () => {
  it("iterates keys added in order as they came", () => {
    expect([...keysOf(1, 2, 5, 9).ascending()]).toEqual([1, 2, 5, 9]);
  });

  it("iterates in ascending order after a smaller key came in after a larger one", () => {
    const keys = keysOf(3, 10, 1, 7);
    expect([...keys.ascending()]).toEqual([1, 3, 7, 10]);
    keys.add(2);
    keys.add(11);
    expect([...keys.ascending()]).toEqual([1, 2, 3, 7, 10, 11]);
  });

  it("counts, finds and deletes keys, and ignores a key added twice", () => {
    const keys = keysOf(4, 2, 4);
    expect(keys.size).toBe(2);
    expect(keys.has(2)).toBe(true);
    keys.delete(2);
    expect(keys.has(2)).toBe(false);
    expect([...keys.ascending()]).toEqual([4]);
  });

  it("stays ordered when the largest key was deleted and a key below it comes in", () => {
    const keys = keysOf(1, 5);
    keys.delete(5);
    keys.add(3);
    keys.add(2);
    expect([...keys.ascending()]).toEqual([1, 2, 3]);
  });
});
