import { describe, expect, it } from "vitest";
import { parseSnapshot, SnapshotError, serializeSnapshot } from "../src/core/store/snapshot-file.js";
import { createPetstoreStore, seed } from "../src/index.js";

// The state file's format (petstore-mock --state): what it reads back is what was written, a person
// can read and edit it, and anything that is not a state is refused with the first problem named.
async function seededText(pets = 5) {
  const store = createPetstoreStore();
  await seed(store, { pets });
  return { store, text: serializeSnapshot(store.snapshot()) };
}

// biome-ignore lint/suspicious/noExplicitAny: a test edits the parsed file freely, as a person would.
const edited = (text: string, edit: (state: Record<string, any>) => void) => {
  const state = JSON.parse(text);
  edit(state);
  return JSON.stringify(state);
};

describe("the state file's format", () => {
  it("reads back what it wrote, and restores into an equal store", async () => {
    const { store, text } = await seededText();
    const copy = createPetstoreStore();
    await copy.restore(parseSnapshot(text));
    expect(copy.snapshot()).toEqual(store.snapshot());
    expect(serializeSnapshot(copy.snapshot())).toBe(text);
  });

  it("writes indented JSON, each record's key first and its other fields in one order whatever their history", async () => {
    const { store, text } = await seededText(1);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text).toContain('\n      {\n        "id": 1,\n        "categoryId": 1,\n        "name": "Rex",\n');
    store.pets.update(store.pets.get(1)!, { name: "Rex" });
    store.pets.update(store.pets.get(1)!, { categoryId: 1 });
    expect(serializeSnapshot(store.snapshot())).toBe(text);
  });

  it("takes records in any order and a missing or low nextKey, as a person editing it might leave them", async () => {
    const { text } = await seededText(3);
    const snapshot = parseSnapshot(
      edited(text, (state) => {
        state.pets.records.reverse();
        delete state.pets.nextKey;
        state.orders.nextKey = 1;
      }),
    );
    expect(snapshot.pets.records.map((pet) => pet.id)).toEqual([1, 2, 3]);
    expect(snapshot.pets.nextKey).toBe(4);
    expect(snapshot.orders.nextKey).toBe(snapshot.orders.records.length + 1);
  });

  const problems: Record<string, [(text: string) => string, RegExp]> = {
    "not JSON": [() => "{ pets: [] }", /^not JSON \(.*: line 1, column 3\)$/],
    "not an object": [() => "[]", /^not a JSON object with categories, pets, orders, inventory$/],
    "an unknown table": [
      (text) =>
        edited(text, (state) => {
          state.tags = {};
        }),
      /^"tags" is not a table/,
    ],
    "a record with a bad field": [
      (text) =>
        edited(text, (state) => {
          state.pets.records[0].name = "";
        }),
      /^pets\.records\[0\]\.name must NOT have fewer than 1 characters$/,
    ],
    "a record with an unknown field": [
      (text) =>
        edited(text, (state) => {
          state.categories.records[0].colour = "red";
        }),
      /^categories\.records\[0\] must NOT have additional properties$/,
    ],
    "a record without its key": [
      (text) =>
        edited(text, (state) => {
          delete state.orders.records[0].id;
        }),
      /^orders\.records\[0\] has no "id"$/,
    ],
    "two records with one key": [
      (text) =>
        edited(text, (state) => {
          state.pets.records[1].id = 1;
        }),
      /^pets\.records\[1\] has id 1, which an earlier record already has$/,
    ],
    "a pet of a missing category": [
      (text) =>
        edited(text, (state) => {
          state.pets.records[0].categoryId = 99;
        }),
      /^pet 1 belongs to category 99, which is not in "categories"$/,
    ],
    "a pet without its inventory entry": [
      (text) =>
        edited(text, (state) => {
          state.inventory.records.shift();
        }),
      /^pet 1 needs an inventory entry with its status \("available"\)$/,
    ],
    "a bad nextKey": [
      (text) =>
        edited(text, (state) => {
          state.pets.nextKey = "7";
        }),
      /^"pets\.nextKey" must be a whole number/,
    ],
  };
  for (const [kind, [corrupt, message]] of Object.entries(problems)) {
    it(`refuses ${kind}, naming the problem`, async () => {
      const { text } = await seededText(3);
      const parse = () => parseSnapshot(corrupt(text));
      expect(parse).toThrow(SnapshotError);
      expect(parse).toThrow(message);
    });
  }
});
