import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killStarted, startCli } from "@petstore/testing/cli";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/index.js";

// The bug (issue 35): petstore-mock --state FILE, a few concurrent writers, then SIGTERM: the process
// exited 0 without writes it had answered 201 shortly before the signal. The stop path flushed twice
// at once; the second flush saw nothing unwritten while the first one's write was still on its way to
// the disk, and the process exited on it. Fix: a flush returns only once no write is in flight and
// nothing is left unwritten. About half the rounds lost writes before the fix; 20 rounds fail reliably.
afterEach(killStarted);
const folder = mkdtempSync(join(tmpdir(), "petstore-sigterm-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ROUNDS = 20;
const WRITERS = 4;
const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };

/** Creates pets one after another until the server stops answering; resolves with the ids it acknowledged. */
async function writeUntilRefused(url: string, writer: number): Promise<number[]> {
  const acknowledged: number[] = [];
  for (let index = 0; ; index++) {
    try {
      const response = await fetch(`${url}/pets`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: `Writer ${writer} pet ${index}`, categoryId: 1 }),
      });
      if (response.status !== 201) {
        return acknowledged;
      }
      acknowledged.push(((await response.json()) as { id: number }).id);
    } catch {
      return acknowledged;
    }
  }
}

describe("petstore-mock --state FILE on SIGTERM", () => {
  it(`keeps every write acknowledged before the signal, with ${WRITERS} concurrent writers (${ROUNDS} rounds)`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const path = join(folder, `round-${round}.json`);
      const cli = await startCli(["--state", path, "--seed", "2"], { from: "source" });
      const writers = Array.from({ length: WRITERS }, (_, writer) => writeUntilRefused(cli.url, writer));
      // Spread over the write-back's timing: before, during and after a write to the file.
      await new Promise((resolve) => setTimeout(resolve, 50 + ((round * 37) % 300)));
      cli.child.kill("SIGTERM");
      const acknowledged = (await Promise.all(writers)).flat();
      expect(await cli.exited, `round ${round}: ${cli.output().all}`).toEqual({ code: 0, signal: null });
      const saved = new Set(
        (
          JSON.parse(readFileSync(path, "utf8")) as { sessions: { default: { pets: { id: number }[] } } }
        ).sessions.default.pets.map((pet) => pet.id),
      );
      const lost = acknowledged.filter((id) => !saved.has(id));
      expect(lost, `round ${round}: pets answered 201 but missing from ${path} after SIGTERM`).toEqual([]);
      expect(acknowledged.length, `round ${round}: the writers should have been answered`).toBeGreaterThan(0);
    }
  }, 180_000);
});
