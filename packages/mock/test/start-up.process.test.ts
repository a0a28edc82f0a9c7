// One start-up for every standalone server (issue 45): startPetstoreServer takes `state` as petstore-mock takes
// --state and serveWithDeno/serveWithBun take `state`, and the demo-key policy as they apply it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../src/index.js";
import { startPetstoreServer } from "../src/node.js";

const auth = { Authorization: `Bearer ${DEMO_API_KEY}` };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) {
    rmSync(folder, { recursive: true, force: true });
  }
});

describe("startPetstoreServer({ state })", () => {
  it("creates the file from the demo data, writes every change back on close, and loads it on the next start", async () => {
    const folder = mkdtempSync(join(tmpdir(), "petstore-start-up-"));
    folders.push(folder);
    const file = join(folder, "petstore-data.json");
    const first = await startPetstoreServer({ port: 0, state: file });
    expect(first.state).toEqual({ path: file, loaded: false });
    const created = await fetch(`${first.url}/pets`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Kept", categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    await first.close();
    expect(readFileSync(file, "utf8")).toContain('"Kept"');

    const second = await startPetstoreServer({ port: 0, state: file });
    try {
      expect(second.state).toEqual({ path: file, loaded: true });
      const listed = await fetch(`${second.url}/pets?name=kept`, { headers: auth });
      expect(((await listed.json()) as { name: string }[]).map((pet) => pet.name)).toEqual(["Kept"]);
    } finally {
      await second.close();
    }
  });

  it("refuses a file that is not a state file, untouched", async () => {
    const folder = mkdtempSync(join(tmpdir(), "petstore-start-up-"));
    folders.push(folder);
    const file = join(folder, "not-state.json");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(file, "{ not json");
    await expect(startPetstoreServer({ port: 0, state: file })).rejects.toThrow(/not-state\.json/);
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  });
});

describe("startPetstoreServer and the demo key", () => {
  it("refuses it bound beyond loopback, unless allowDemoKey or apiKeys say otherwise", async () => {
    const status = async (options: Parameters<typeof startPetstoreServer>[0], key: string = DEMO_API_KEY) => {
      const mock = await startPetstoreServer({ port: 0, ...options });
      try {
        const response = await fetch(`http://127.0.0.1:${mock.port}/pets?limit=1`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        return [response.status, ((await response.json()) as { message?: string }).message ?? ""] as const;
      } finally {
        await mock.close();
      }
    };
    const [refused, message] = await status({ host: "0.0.0.0" });
    expect(refused).toBe(401);
    expect(message).toContain("does not open a mock bound to 0.0.0.0");
    expect(message).toContain("apiKeys option of startPetstoreServer()");
    expect((await status({ host: "0.0.0.0", allowDemoKey: true }))[0]).toBe(200);
    expect((await status({ host: "0.0.0.0", apiKeys: ["team-key"] }, "team-key"))[0]).toBe(200);
    expect((await status({}))[0]).toBe(200);
  });
});
