import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted, startCli } from "@petstore/testing/cli";
import { afterAll, afterEach, expect, it } from "vitest";
import { contract } from "../../src/core/generated/contract.js";
import { DEMO_API_KEY } from "../../src/index.js";

// Issue 35, item 4: a snapshot holding the document's largest id was accepted, but GET state then
// answered nextIds one past it, which PUT refused; creating in that session answered 500; and with
// --state the mock wrote a file it then refused to start from (exit 2). Now one past the largest id is a
// valid nextIds entry (the ids are used up), a create past it answers 507 STORAGE_FULL, and every
// snapshot the mock answers or writes is one it accepts back. For categories, pets and orders alike.
afterEach(killStarted);
const folder = mkdtempSync(join(tmpdir(), "petstore-largest-id-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };
const MAX = contract.maxId;
const atTheLargest = {
  format: "petstore-snapshot",
  version: 1,
  categories: [{ id: MAX, name: "Dogs" }],
  pets: [{ id: MAX, name: "Last", categoryId: MAX, status: "available" }],
  orders: [{ id: MAX, petId: MAX, quantity: 1, complete: false }],
  inventory: [{ petId: MAX, quantity: 5, status: "available" }],
};
const creates = [
  ["categories", "/categories", { name: "Cats" }],
  ["pets", "/pets", { name: "One more", categoryId: MAX }],
  ["orders", "/store/orders", { petId: MAX, quantity: 1 }],
] as const;

async function expectIdsUsedUp(url: string) {
  for (const [collection, path, body] of creates) {
    const response = await fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    expect(await response.json()).toEqual({
      code: "STORAGE_FULL",
      message: expect.stringContaining(
        `the ${collection} have used up their ids: the largest id, ${MAX}, was given out`,
      ),
      status: 507,
    });
  }
}

it("answers a snapshot at the largest ids that PUT takes back, and 507 to a create past them", async () => {
  const cli = await startCli(["--empty"], { from: "source" });
  const state = `${cli.url}/__petstore/sessions/default/state`;
  const put = await fetch(state, { method: "PUT", headers, body: JSON.stringify(atTheLargest) });
  expect(put.status).toBe(200);

  const answered = await (await fetch(state, { headers })).json();
  expect(answered.nextIds).toEqual({ categories: MAX + 1, pets: MAX + 1, orders: MAX + 1 });
  const back = await fetch(state, { method: "PUT", headers, body: JSON.stringify(answered) });
  expect(back.status).toBe(200);

  await expectIdsUsedUp(cli.url);
  // Nothing stored changed.
  expect(await (await fetch(state, { headers })).json()).toEqual(answered);
});

it("starts from the --state file it wrote at the largest ids", async () => {
  const path = join(folder, "largest.json");
  writeFileSync(path, JSON.stringify(atTheLargest));
  const first = await startCli(["--state", path], { from: "source" });
  await expectIdsUsedUp(first.url);
  // A write rewrites the file with the nextIds the store holds.
  const renamed = await fetch(`${first.url}/pets/${MAX}`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ name: "Renamed" }),
  });
  expect(renamed.status).toBe(200);
  expect(await first.stop()).toEqual({ code: 0, signal: null });
  expect(JSON.parse(readFileSync(path, "utf8")).sessions.default.nextIds).toEqual({
    categories: MAX + 1,
    pets: MAX + 1,
    orders: MAX + 1,
  });

  const second = await startCli(["--state", path], { from: "source" });
  const pet = await (await fetch(`${second.url}/pets/${MAX}`, { headers })).json();
  expect(pet.name).toBe("Renamed");
  await expectIdsUsedUp(second.url);
});
