import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseStateFile } from "../src/core/control/state-file-format.js";
import { createPetstoreApp, createPetstoreSessions, createPetstoreStore, seed } from "../src/index.js";
import { writeChangesBack } from "../src/state/state-writer.js";

// The store's onCommit, and the writer of petstore-mock --state built on it (the process-level promises,
// SIGTERM and kill -9, are in state-file.process.test.ts).
const folder = mkdtempSync(join(tmpdir(), "petstore-writer-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const headers = { authorization: "Bearer petstore-demo-key", "content-type": "application/json" };
const request = (method: string, path: string, body?: unknown) => ({
  method,
  path,
  query: new URLSearchParams(),
  header: (name: string) => headers[name.toLowerCase() as keyof typeof headers] ?? null,
  body: body === undefined ? null : new TextEncoder().encode(JSON.stringify(body)),
  baseUrl: "http://127.0.0.1:4010",
});

describe("store.onCommit", () => {
  it("tells of each operation that wrote, once, and of none that only read", async () => {
    const store = createPetstoreStore();
    await seed(store);
    const app = createPetstoreApp({ store });
    let commits = 0;
    const stop = store.onCommit(() => commits++);

    expect((await app.handle(request("GET", "/pets/1"))).status).toBe(200);
    expect((await app.handle(request("GET", "/pets/999"))).status).toBe(404);
    expect(commits).toBe(0);
    expect((await app.handle(request("POST", "/store/orders", { petId: 1, quantity: 1 }))).status).toBe(201);
    expect(commits).toBe(1);
    await store.reset();
    expect(commits).toBe(2);

    stop();
    await app.handle(request("DELETE", "/pets/2"));
    expect(commits).toBe(2);
  });
});

describe("writing changes back", () => {
  it("puts the last of a burst of changes on disk by flush()", async () => {
    const store = createPetstoreStore();
    await seed(store);
    const app = createPetstoreApp({ store });
    const path = join(folder, "burst.json");
    const errors: Error[] = [];
    const writer = writeChangesBack(app.sessions, path, (error) => errors.push(error));

    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        app.handle(request("POST", "/pets", { name: `Burst ${index}`, categoryId: 1 })),
      ),
    );
    await writer.flush();
    writer.stop();

    const { sessions } = parseStateFile(readFileSync(path, "utf8"));
    expect(sessions).toEqual([["default", store.snapshot()]]);
    expect(sessions[0]?.[1].pets.records).toHaveLength(70);
    expect(errors).toEqual([]);
  });

  it("reports a write that fails once, and flush() rejects naming the file", async () => {
    const store = createPetstoreStore();
    const path = join(folder, "no-such-folder", "state.json");
    const errors: Error[] = [];
    const writer = writeChangesBack(createPetstoreSessions({ store }), path, (error) => errors.push(error));

    await seed(store);
    await expect(writer.flush()).rejects.toThrow(`the last changes could not be written to ${path}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain("ENOENT");
  });
});
