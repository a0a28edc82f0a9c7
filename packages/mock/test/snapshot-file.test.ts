import { describe, expect, it } from "vitest";
import { parseSnapshot, SnapshotError, serializeSnapshot } from "../src/core/control/snapshot-file.js";
import { parseStateFile, serializeStateFile } from "../src/core/control/state-file-format.js";
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

describe("the state file's format: the control API's snapshot", () => {
  it("reads back what it wrote, and restores into an equal store", async () => {
    const { store, text } = await seededText();
    const copy = createPetstoreStore();
    await copy.restore(parseSnapshot(text));
    expect(copy.snapshot()).toEqual(store.snapshot());
    expect(serializeSnapshot(copy.snapshot())).toBe(text);
  });

  it("writes indented JSON, each record's fields in the document's order whatever their history", async () => {
    const { store, text } = await seededText(1);
    expect(text.startsWith('{\n  "format": "petstore-snapshot",\n  "version": 1,\n  "categories": [')).toBe(true);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text).toContain('\n    {\n      "id": 1,\n      "name": "Rex",\n      "categoryId": 1,\n');
    store.pets.update(store.pets.get(1)!, { name: "Rex" });
    store.pets.update(store.pets.get(1)!, { categoryId: 1 });
    expect(serializeSnapshot(store.snapshot())).toBe(text);
  });

  it("takes records in any order and missing nextIds, as a person editing it might leave them", async () => {
    const { text } = await seededText(3);
    const snapshot = parseSnapshot(
      edited(text, (state) => {
        state.pets.reverse();
        delete state.nextIds;
      }),
    );
    expect(snapshot.pets.records.map((pet) => pet.id)).toEqual([1, 2, 3]);
    expect(snapshot.pets.nextKey).toBe(4);
  });

  // Every rule of a snapshot is tested with the control API (control-snapshot.test.ts); the file adds JSON.
  const problems: Record<string, [(text: string) => string, RegExp]> = {
    "not JSON": [() => "{ pets: [] }", /^not JSON: .*position 2/],
    "a record with a bad field": [
      (text) =>
        edited(text, (state) => {
          state.pets[1].status = "lost";
        }),
      /^pets\[1\]\.status /,
    ],
    "a pet of a missing category": [
      (text) =>
        edited(text, (state) => {
          state.pets[0].categoryId = 999;
        }),
      /^pets\[0\]\.categoryId: category 999 does not exist/,
    ],
  };

  for (const [kind, [edit, message]] of Object.entries(problems)) {
    it(`refuses ${kind}, naming the problem`, async () => {
      const { text } = await seededText(3);
      expect(() => parseSnapshot(edit(text))).toThrow(SnapshotError);
      expect(() => parseSnapshot(edit(text))).toThrow(message);
    });
  }
});

// The file of every session (issue 36): each session's snapshot by name; a file of one snapshot is `default`.
describe("the state file of every session", () => {
  it("reads back every session it wrote, in order, each snapshot indented as serializeSnapshot writes it", async () => {
    const { store, text } = await seededText(2);
    const other = createPetstoreStore();
    await seed(other, { pets: 1 });
    const file = serializeStateFile([
      ["default", store.snapshot()],
      ["team-a", other.snapshot()],
    ]);
    expect(
      file.startsWith('{\n  "format": "petstore-state",\n  "version": 1,\n  "sessions": {\n    "default": {\n'),
    ).toBe(true);
    expect(JSON.parse(file).sessions.default).toEqual(JSON.parse(text));
    // Each session is its snapshot's file text, line for line, two levels in.
    for (const [name, snapshotText] of [
      ["default", text],
      ["team-a", serializeSnapshot(other.snapshot())],
    ] as const) {
      expect(file).toContain(`\n    "${name}": ${snapshotText.trimEnd().replaceAll("\n", "\n    ")}`);
    }
    expect(file.endsWith("\n    }\n  }\n}\n")).toBe(true);
    expect(parseStateFile(file)).toEqual({
      sessions: [
        ["default", store.snapshot()],
        ["team-a", other.snapshot()],
      ],
      earlierFormat: false,
    });
  });

  it("reads a file of the earlier format, one snapshot, as the session default", async () => {
    const { store, text } = await seededText(2);
    expect(parseStateFile(text)).toEqual({ sessions: [["default", store.snapshot()]], earlierFormat: true });
  });

  // biome-ignore lint/suspicious/noExplicitAny: a test edits the parsed file freely, as a person would.
  const problems: Record<string, [(file: Record<string, any>) => void, RegExp]> = {
    "an unknown field": [(file) => Object.assign(file, { extra: 1 }), /^extra is not a field of a state file$/],
    "no sessions": [(file) => delete file.sessions, /^sessions is required$/],
    "another version": [(file) => Object.assign(file, { version: 2 }), /^version must be/],
    "a session name the header could not carry": [
      (file) => Object.assign(file.sessions, { "no spaces": file.sessions.default }),
      /^sessions: session name "no spaces" is not valid/,
    ],
    "a broken record in a named session": [
      (file) => {
        file.sessions["team-a"] = structuredClone(file.sessions.default);
        file.sessions["team-a"].pets[0].categoryId = 999;
      },
      /^sessions\.team-a\.pets\[0\]\.categoryId: category 999 does not exist/,
    ],
  };
  for (const [kind, [edit, message]] of Object.entries(problems)) {
    it(`refuses ${kind}, naming the problem and its place`, async () => {
      const { store } = await seededText(1);
      const file = JSON.parse(serializeStateFile([["default", store.snapshot()]]));
      edit(file);
      expect(() => parseStateFile(JSON.stringify(file))).toThrow(SnapshotError);
      expect(() => parseStateFile(JSON.stringify(file))).toThrow(message);
    });
  }
});
