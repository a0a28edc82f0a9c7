// @petstore/sdk/tags, checked the way x-affects is (packages/conformance/test/fuzz-stateful.test.ts): the same
// random sequences of writes of the reference model (@petstore/verify/model) against the in-memory mock, through
// the same hook of the model (`Real.affects`). Here the hook is a tag cache:
// every read is cached under `readTags` of its call, every successful write revalidates `affectedTags` of its
// call, and after each write every list and every record's read is read again: a read still cached must answer
// what it answered before. A stale read fails the sequence, naming the write, the read and its tags. Dropping
// the tags of one x-affects entry (placeOrder → listInventory) must fail it, so the check can fail.
import { route } from "@petstore/contract";
import { createPetstoreFetch, createPetstoreStore, type PetstoreStore, type StoreSnapshot, seed } from "@petstore/mock";
import { affectedTags, type ReadOperationId, readTags, type WriteOperationId } from "@petstore/sdk/tags";
import {
  type ApiRequest,
  type ApiResponse,
  checked,
  commandArbitraries,
  Model,
  type Real,
  sender,
  type Target,
} from "@petstore/verify/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** The seed of this run: `FC_SEED` replays one. */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const parameters = (numRuns: number): fc.Parameters<unknown> => ({
  seed: SEED,
  numRuns,
  interruptAfterTimeLimit: 120_000,
});

type MockTarget = Target & { store: PetstoreStore };
/** The in-memory fetch of @petstore/mock on 6 seeded pets, as the conformance suite's fuzzing uses it. */
async function inMemoryTarget(): Promise<MockTarget> {
  const store = createPetstoreStore();
  await seed(store, { pets: 6, seed: 3 });
  const baseUrl = "http://127.0.0.1:4010";
  return { baseUrl, store, send: sender(baseUrl, createPetstoreFetch({ store, baseUrl })), close: async () => {} };
}

type Affected = (operationId: string, init: { params?: { path?: object }; body?: unknown }, data: unknown) => string[];
const documentTags = affectedTags as unknown as Affected;

const LISTS = ["/pets", "/categories", "/store/orders", "/store/inventory"];
/** The by-id reads, by the list whose records' ids they take (an inventory item is read by its pet's id). */
const BY_ID: [string, string, (record: Record<string, unknown>) => unknown][] = [
  ["/pets", "/pets/{id}", (record) => record.id],
  ["/pets", "/store/inventory/{id}", (record) => record.id],
  ["/categories", "/categories/{id}", (record) => record.id],
  ["/store/orders", "/store/orders/{id}", (record) => record.id],
];

interface Cached {
  tags: string[];
  answer: string;
}

/** A tag cache in front of the mock, driven by `readTags` and `affected`, and its staleness check. */
class TagCache {
  readonly cache = new Map<string, Cached>();
  writes = 0;
  reads = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(readonly affected: Affected) {}

  /** The model's hook: one request at a time (concurrent orders are sent one after the other). */
  send(real: Real, request: ApiRequest, body: unknown): Promise<ApiResponse> {
    const next = this.#queue.then(() => this.#send(real, request, body));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #send(real: Real, request: ApiRequest, body: unknown): Promise<ApiResponse> {
    const found = route(request.method, request.url.split("?")[0]!);
    if (!found || found.operation.method === "GET") {
      return real.target.send(request);
    }
    if (this.cache.size === 0) {
      await this.#readAll(real, "start");
    }
    const response = await real.target.send(request);
    if (response.status < 200 || response.status >= 300) {
      return response;
    }
    this.writes++;
    const tags = new Set(
      this.affected(found.operation.operationId, { params: { path: found.params }, body }, response.json),
    );
    for (const [url, entry] of this.cache) {
      if (entry.tags.some((tag) => tags.has(tag))) {
        this.cache.delete(url);
      }
    }
    const write = `${request.method} ${request.url} ${JSON.stringify(body) ?? ""} → ${response.status}`;
    await this.#readAll(real, `${found.operation.operationId} (${write}), which revalidated [${[...tags].join(", ")}]`);
    return response;
  }

  /** Reads every list and every record they name (and the next id of each), comparing what is still cached. */
  async #readAll(real: Real, after: string): Promise<void> {
    const urls = new Set<string>();
    for (const list of LISTS) {
      const listed = await this.#read(real, `${list}?limit=100`, after);
      const records = Array.isArray(listed) ? (listed as Record<string, unknown>[]) : [];
      for (const [from, path, idOf] of BY_ID.filter(([from]) => from === list)) {
        const ids = records.map(idOf).filter((id): id is number => typeof id === "number");
        for (const id of [...ids, Math.max(0, ...ids) + 1]) {
          urls.add(path.replace("{id}", String(id)));
        }
        void from;
      }
    }
    for (const url of urls) {
      await this.#read(real, url, after);
    }
  }

  async #read(real: Real, url: string, after: string): Promise<unknown> {
    this.reads++;
    const response = await real.target.send({ method: "GET", url });
    const answer = `${response.status} ${response.headers.get("x-total-count") ?? ""} ${response.text}`;
    const found = route("GET", url.split("?")[0]!)!;
    const cached = this.cache.get(url);
    if (cached && cached.answer !== answer) {
      throw new Error(
        `stale: GET ${url} (tags ${cached.tags.join(", ")}) was still cached after ${after}\n  cached: ${cached.answer.slice(0, 300)}\n  now:    ${answer.slice(0, 300)}`,
      );
    }
    const tags = readTags(found.operation.operationId as ReadOperationId, { params: { path: found.params } } as never);
    this.cache.set(url, { tags, answer });
    return response.json;
  }
}

async function runSequences(target: MockTarget, tagCache: TagCache, settings: fc.Parameters<unknown>) {
  const real: Real = {
    target,
    observe: () => target.store.snapshot(),
    restore: (state) => target.store.restore(state as StoreSnapshot),
    affects: tagCache,
  };
  let sequences = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.commands(
        commandArbitraries().map((arbitrary) => arbitrary.map(checked)),
        { maxCommands: 40, size: "+1" },
      ),
      async (sequence) => {
        await target.store.reset();
        tagCache.cache.clear();
        const model = Model.from(target.store.snapshot());
        sequences++;
        await fc.asyncModelRun(() => ({ model, real }), sequence);
      },
    ),
    settings,
  );
  return sequences;
}

console.log(`[sdk-tags] fast-check seed ${SEED}: replay with FC_SEED=${SEED}`);

describe("@petstore/sdk/tags, checked against the mock like x-affects (in-memory fetch)", () => {
  it("a cache tagged with readTags and revalidated with affectedTags never serves a stale read", async () => {
    const target = await inMemoryTarget();
    const tagCache = new TagCache(documentTags);
    const started = performance.now();
    try {
      const runs = 60;
      expect(await runSequences(target, tagCache, parameters(runs))).toBeGreaterThanOrEqual(runs);
    } finally {
      console.log(
        `[sdk-tags] ${tagCache.writes} successful writes checked with ${tagCache.reads} reads in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      await target.close();
    }
    expect(tagCache.writes).toBeGreaterThan(0);
  }, 300_000);

  it("fails, naming the write and the stale read, when one entry's tags are missing (placeOrder → listInventory)", async () => {
    const target = await inMemoryTarget();
    const withoutEntry: Affected = (operationId, init, data) =>
      documentTags(operationId as WriteOperationId, init, data).filter(
        (tag) => !(operationId === "placeOrder" && tag.startsWith("petstore:listInventory")),
      );
    try {
      await expect(
        runSequences(target, new TagCache(withoutEntry), {
          ...parameters(100),
          endOnFailure: true,
          includeErrorInReport: true,
        }),
      ).rejects.toThrow(
        /stale: GET \/store\/inventory\?limit=100 \(tags petstore:listInventory\) was still cached after placeOrder \(POST \/store\/orders/,
      );
    } finally {
      await target.close();
    }
  }, 300_000);
});
