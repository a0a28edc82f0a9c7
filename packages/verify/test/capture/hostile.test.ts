import { describe, expect, it } from "vitest";
import { KEY, onePet, type Takeover } from "../support/hostile-backend.js";
import { hostileCapture } from "../support/hostile-capture.js";

// Issue 47: the capture against a backend that lies, loops and floods, on a real socket. Each test failed
// before its fix; the stalls and trickles are also run under forced garbage collection in
// capture-timeout.process.test.ts.
const { backend, captureTo, runCapture } = hostileCapture("hostile");

const json = (response: Parameters<Takeover>[1], status: number, body: unknown) =>
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

describe("records that are not objects", () => {
  it.each(["categories", "pets", "orders", "inventory"] as const)(
    "are left out of the %s and reported",
    async (list) => {
      const lists = onePet(2);
      lists[list].push(null, 7, ["x"], "pet");
      const { status, stdout, stderr, state } = await runCapture((await backend(lists)).url);
      expect(status, stderr).toBe(1);
      expect(stdout).toContain("4 records left out (breaks-the-document)");
      for (const index of [lists[list].length - 3, lists[list].length]) {
        expect(stdout).toContain(`record ${index} of the list"`);
      }
      expect(state!.pets.map((pet) => pet.id)).toEqual([1]);
      expect(state!.orders).toHaveLength(2);
    },
  );
});

describe("what stderr and stdout print", () => {
  it("never prints the key a 500 echoes, nor the terminal controls of its body", async () => {
    const echo: Takeover = (request, response, url) => {
      if (url.pathname !== "/store/orders") {
        return false;
      }
      json(response, 500, {
        code: "INTERNAL",
        message: `\u001b[31mboom\u001b]0;title\u0007 ${request.headers.authorization}`,
        status: 500,
      });
      return true;
    };
    const { status, stderr } = await runCapture((await backend(onePet(), { takeover: echo })).url);
    expect(status).toBe(2);
    expect(stderr).toContain("/store/orders?limit=100 answered 500");
    expect(stderr).not.toContain(KEY);
    expect(stderr).toContain("Bearer $PETSTORE_API_KEY");
    expect(stderr).not.toContain("\u001b");
    expect(stderr).not.toContain("\u0007");
    expect(stderr).toContain("\\u001b[31mboom");
  });

  it("keeps the curl lines whole with a one-letter key", async () => {
    const lists = onePet(1);
    lists.pets.push(null);
    const url = (await backend(lists, { key: "K" })).url;
    const { status, stdout } = await captureTo("short-key.json", ["--base-url", url, "--api-key", "K"]);
    expect(status).toBe(1);
    expect(stdout).toContain("Bearer $PETSTORE_API_KEY");
    expect(stdout).not.toContain("$PETSTORE_API_$PETSTORE_API_KEY");
  });
});

describe("one pet with the document's cap of orders", () => {
  // Quadratic before (groups rebuilt per record: 20,000 orders took 16–28 s); the bound is generous, not a timing.
  it("captures a sold pet's 100,000 open orders, each left out and reported, and prints a bounded report", async () => {
    const lists = onePet(100_000);
    (lists.pets[0] as { status: string }).status = "sold";
    (lists.inventory[0] as { status: string; quantity: number }).status = "sold";
    (lists.inventory[0] as { quantity: number }).quantity = 0;
    for (const order of lists.orders as { complete: boolean }[]) {
      order.complete = false;
    }
    const { status, stdout, state } = await runCapture((await backend(lists)).url);
    expect(status).toBe(1);
    expect(stdout).toContain("100000 records left out (open-order-of-sold-pet)");
    expect(state!.orders).toEqual([]);
    expect(state!.pets).toHaveLength(1);
    // Each left-out order names the pet's problems, the first few only.
    expect(stdout.length).toBeLessThan(200_000);
  }, 60_000);
});
