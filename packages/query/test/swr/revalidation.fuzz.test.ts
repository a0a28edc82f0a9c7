// Property-based: random sequences of writes through `mutation` (useSWRMutation's trigger), with a read of every
// read operation mounted through useSWR and useSWRInfinite in a real React renderer over the in-memory mock. After
// each write, every mounted read's cache entry must be what the mock answers now: a read whose answer the write
// changed was revalidated, whatever came before. Then the check's teeth: with one x-affects entry taken out of the
// table, a sequence that needs it serves a stale read. As in the conformance suite's fuzzing: `FC_SEED` replays a run
// (fast-check prints its seed and path on failure), `FC_PATH` a counterexample, `FC_RUNS` multiplies the 12 sequences.
import "./dom.js";
import { PetstoreError } from "@petstore/sdk";
import fc from "fast-check";
import { SWRConfig, unstable_serialize, useSWRConfig } from "swr";
import useSWRInfinite, { unstable_serialize as infiniteKey } from "swr/infinite";
import useSWRMutation from "swr/mutation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { operations } from "../../src/generated/operations.js";
import { useSWR } from "../../src/swr/index.js";
import { h, render, swrOverMock } from "./support.js";

const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 10 });
/** SWR revalidates only what the helpers ask it to: no focus, reconnect, retry or deduping of its own. */
const quiet = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  dedupingInterval: 0,
  shouldRetryOnError: false,
};

type Init = { params?: object; body?: unknown };
/** Every read operation, with records the writes below touch (ids 1 to 3; order 1 exists once one is placed). */
const READS: Record<string, [path: string, init?: Init]> = {
  pets: ["/pets"],
  availablePets: ["/pets", { params: { query: { status: ["available"], limit: 5 } } }],
  pet1: ["/pets/{petId}", { params: { path: { petId: 1 } } }],
  pet2: ["/pets/{petId}", { params: { path: { petId: 2 } } }],
  pet3: ["/pets/{petId}", { params: { path: { petId: 3 } } }],
  categories: ["/categories"],
  category1: ["/categories/{categoryId}", { params: { path: { categoryId: 1 } } }],
  category2: ["/categories/{categoryId}", { params: { path: { categoryId: 2 } } }],
  orders: ["/store/orders"],
  order1: ["/store/orders/{orderId}", { params: { path: { orderId: 1 } } }],
  inventory: ["/store/inventory"],
  stock1: ["/store/inventory/{petId}", { params: { path: { petId: 1 } } }],
  stock2: ["/store/inventory/{petId}", { params: { path: { petId: 2 } } }],
};
/** The lists of useSWRInfinite, two pages loaded each. */
const LISTS: Record<string, [path: string, init: Init]> = {
  petPages: ["/pets", { params: { query: { limit: 4 } } }],
  categoryPages: ["/categories", { params: { query: { limit: 2 } } }],
  orderPages: ["/store/orders", { params: { query: { limit: 1 } } }],
  inventoryPages: ["/store/inventory", { params: { query: { limit: 5 } } }],
};
const PAGES = 2;

/** One write: the operation and the call's init (its records among the ids the reads name, so they meet). */
type Write = [method: "post" | "put" | "patch" | "delete", path: string, init: Init];
const id = fc.integer({ min: 1, max: 3 });
const path = (name: string) => id.map((value) => ({ path: { [name]: value } }));
const writes: fc.Arbitrary<Write> = fc.oneof(
  fc
    .record({ name: fc.constantFrom("Biscuit", "Pickle"), categoryId: id })
    .map((body): Write => ["post", "/pets", { body }]),
  fc
    .tuple(path("petId"), fc.constantFrom("available", "pending", "sold"))
    .map(([params, status]): Write => ["patch", "/pets/{petId}", { params, body: { status } }]),
  path("petId").map((params): Write => ["delete", "/pets/{petId}", { params }]),
  fc
    .record({ petId: id, quantity: fc.integer({ min: 1, max: 2 }) })
    .map((body): Write => ["post", "/store/orders", { body }]),
  fc
    .tuple(path("orderId"), fc.boolean())
    .map(([params, complete]): Write => ["patch", "/store/orders/{orderId}", { params, body: { complete } }]),
  path("orderId").map((params): Write => ["delete", "/store/orders/{orderId}", { params }]),
  fc
    .tuple(path("petId"), fc.integer({ min: 0, max: 5 }))
    .map(([params, quantity]): Write => ["put", "/store/inventory/{petId}", { params, body: { quantity } }]),
  fc.constantFrom("Hamsters", "Ferrets").map((name): Write => ["post", "/categories", { body: { name } }]),
  fc
    .tuple(path("categoryId"), fc.constantFrom("Snakes", "Birds"))
    .map(([params, name]): Write => ["patch", "/categories/{categoryId}", { params, body: { name } }]),
  path("categoryId").map((params): Write => ["delete", "/categories/{categoryId}", { params }]),
);

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

/** Runs one hook inside a component of its own. */
function Probe({ hook }: { hook: () => unknown }) {
  hook();
  return null;
}

/** What a read answers: its data, or its failure's code (SWR keeps the last data beside an error). */
const answer = (entry: { data?: unknown; error?: unknown } | undefined) =>
  JSON.stringify(entry?.error instanceof PetstoreError ? { error: entry.error.code } : entry?.data);

/**
 * Mounts every read in a fresh mock and cache, runs `sequence`, and after each write compares every mounted read's
 * cache entry with a fresh read of the mock. Returns the first stale read found (the write, the read, both
 * answers), or undefined when none was served stale.
 */
async function staleAfter(sequence: readonly Write[]): Promise<string | undefined> {
  const cache = new Map<string, { data?: unknown; error?: unknown }>();
  let mutate: ReturnType<typeof useSWRConfig>["mutate"] | undefined;
  const { petstore, client, ready } = swrOverMock({ mutate: (keyOrFilter) => mutate!(keyOrFilter) });
  await ready;
  const reads = Object.entries(READS).map(([label, [readPath, init]]) => {
    const args = petstore.swr("get", readPath as "/pets", init as never);
    return { label, args, cacheKey: unstable_serialize(args[0]) };
  });
  const lists = Object.entries(LISTS).map(([label, [listPath, init]]) => {
    const args = petstore.infinite("get", listPath as "/pets", init as never);
    return { label, args, cacheKey: infiniteKey(args[0]) };
  });
  const triggers = new Map<string, (init: never) => Promise<unknown>>();
  // One component per read, per list and per write operation (a useSWRMutation each, as an app has beside its reads).
  const tree = h(SWRConfig, { value: { ...quiet, provider: () => cache } }, [
    h(Probe, { key: "mutate", hook: () => (mutate = useSWRConfig().mutate) }),
    ...reads.map(({ label, args }) => h(Probe, { key: label, hook: () => useSWR(...args) })),
    ...lists.map(({ label, args }) =>
      h(Probe, { key: label, hook: () => useSWRInfinite(args[0], args[1], { ...args[2], initialSize: PAGES }) }),
    ),
    ...WRITE_OPERATIONS.map(([method, writePath]) => {
      const args = petstore.mutation(method as "post", writePath as "/pets");
      const hook = () => triggers.set(`${method} ${writePath}`, useSWRMutation(...args).trigger as never);
      return h(Probe, { key: `${method} ${writePath}`, hook });
    }),
  ]);
  const trigger = (method: string, writePath: string, init: Init) =>
    triggers.get(`${method} ${writePath}`)!(init as never);
  ({ unmount } = await render(tree));
  await until(() => {
    for (const { cacheKey } of [...reads, ...lists]) {
      expect(cache.get(cacheKey)?.data ?? cache.get(cacheKey)?.error).toBeDefined();
    }
    for (const { cacheKey } of lists) {
      expect(cache.get(cacheKey)?.data).toHaveLength(PAGES);
    }
  });

  /** The mock's answer to each mounted read now, by label. */
  async function fresh(label: string): Promise<string> {
    if (label in READS) {
      // The SDK's own call, beside the helpers: its data, or its error's code.
      const [readPath, init] = READS[label]!;
      const { data, error } = await client.GET(readPath as "/pets", init as never);
      return JSON.stringify(error ? { error: (error as { code: string }).code } : data);
    }
    // A list's pages as the list's key loader and fetcher read them now (`Link`, `X-Total-Count`).
    const [getKey, fetcher] = lists.find((entry) => entry.label === label)!.args;
    const pages = [];
    for (let index = 0, key = getKey(0, null); index < PAGES && key; index++) {
      pages.push(await fetcher(key));
      key = getKey(index + 1, pages.at(-1)!);
    }
    return answer({ data: pages });
  }
  async function firstStale(after: string): Promise<string | undefined> {
    for (const { label, cacheKey } of [...reads, ...lists]) {
      const [shown, now] = [answer(cache.get(cacheKey)), await fresh(label)];
      if (shown !== now) {
        return `${label} after ${after}: SWR serves ${shown}, the mock answers ${now}`;
      }
    }
    return undefined;
  }

  const stale = await firstStale("mounting");
  if (stale) {
    return stale;
  }
  for (const [method, writePath, init] of sequence) {
    const done = `${method.toUpperCase()} ${writePath} ${JSON.stringify(init)}`;
    // A failed write (a 404, a 409) changes nothing and revalidates nothing: the check holds all the same.
    await trigger(method, writePath, init).catch((error: unknown) => {
      if (!(error instanceof PetstoreError)) {
        throw error;
      }
    });
    const found = await firstStale(done);
    if (found) {
      return found;
    }
  }
  await unmount?.();
  unmount = undefined;
  return undefined;
}

/** Every write operation of the table, as `[method, path]`. */
const WRITE_OPERATIONS = Object.entries(operations).flatMap(([writePath, methods]) =>
  Object.keys(methods)
    .filter((method) => method !== "get")
    .map((method) => [method, writePath] as const),
);

describe("revalidation from x-affects, fuzzed", { timeout: 120_000 }, () => {
  it("serves no stale read after any sequence of writes, in useSWR or useSWRInfinite", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(writes, { minLength: 1, maxLength: 6 }), async (sequence) => {
        const stale = await staleAfter(sequence);
        await unmount?.();
        unmount = undefined;
        expect(stale).toBeUndefined();
      }),
      {
        numRuns: Math.max(1, Math.round(12 * Number(process.env.FC_RUNS ?? 1))),
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
        ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
      },
    );
  });

  it("finds the stale read when one x-affects entry is taken out of the table", async () => {
    const table = operations["/store/orders"] as { post: string };
    const saved = table.post;
    table.post = saved
      .split(" ")
      .filter((entry) => entry !== "listInventory")
      .join(" ");
    try {
      // A pet that can be ordered in the seeded data (every mock here starts from the same).
      const { store, ready } = swrOverMock();
      await ready;
      const item = [...store.inventory.values()].find((entry) => entry.status === "available" && entry.quantity > 0)!;
      const stale = await staleAfter([["post", "/store/orders", { body: { petId: item.petId, quantity: 1 } }]]);
      expect(stale).toMatch(/^inventory(Pages)? after POST \/store\/orders/);
    } finally {
      table.post = saved;
    }
  });
});
