// The x-affects check in pre-read mode (a backend behind a URL, no store to restore): the reads are
// made before the write and again after, and a change that the write's x-affects does not name fails.
import { demoApiKey } from "@petstore/contract";
import { createPetstoreFetch } from "@petstore/mock";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AffectsCheck,
  type AffectsTable,
  documentAffects,
  Failure,
  Model,
  newScope,
  ownRecords,
  sender,
  withoutEntry,
} from "../src/model/index.js";
import { readState } from "../src/run/state.js";

const baseUrl = "http://127.0.0.1:4010";

/** Runs the opening commands of a sequence (create a category and two pets, restock them) under `table`. */
async function openSequence(table: AffectsTable) {
  const petstoreFetch = createPetstoreFetch({ baseUrl });
  await petstoreFetch.ready;
  const target = { baseUrl, send: sender(baseUrl, petstoreFetch, { apiKey: demoApiKey }), close: async () => {} };
  const affects = new AffectsCheck(table);
  const model = Model.from(await readState(target), newScope("t-1"));
  const run = fc.asyncModelRun(() => ({ model, real: { target, affects } }), ownRecords());
  return { affects, run };
}

describe("x-affects in pre-read mode", () => {
  it("passes every write of the document's table, reading before and after each", async () => {
    const { affects, run } = await openSequence(documentAffects);
    await run;
    expect(affects.writes).toBe(ownRecords().length);
    expect(affects.reads).toBeGreaterThan(2 * affects.writes);
  });

  it("fails, naming the write and the read, when an entry is missing (createPet → listInventory)", async () => {
    const { run } = await openSequence(withoutEntry(documentAffects, "createPet", "listInventory"));
    const failure = await run.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Failure);
    expect((failure as Failure).check).toBe("x-affects");
    // The write's failure, not that of the last read sent around it (a finding was placed in getInventoryItem).
    expect((failure as Failure).where).toBe("createPet");
    // The fact first (the records that changed), then the write and the read that saw it.
    expect((failure as Failure).message).toMatch(
      /^inventory\.record changed, undeclared: createPet \(POST \/pets .* → 201\) changed reads that its x-affects does not cover:\n {2}listInventory \(GET \/store\/inventory\?limit=\d+\) changed, and x-affects does not name listInventory: /,
    );
  });
});
