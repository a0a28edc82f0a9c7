// SWR's real hooks, rendered by React into a jsdom document, over the in-memory mock.
import "./dom.js";
import { PetstoreError } from "@petstore/sdk";
import { type ReactNode, Suspense } from "react";
import useSWR, { mutate as globalMutate, SWRConfig, unstable_serialize, useSWRConfig } from "swr";
import useSWRInfinite from "swr/infinite";
import useSWRMutation from "swr/mutation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { operations } from "../../src/generated/operations.js";
import type { PathOf, PetstoreSWR } from "../../src/swr/index.js";
import { h, readsSince, render, swrOverMock } from "./support.js";

// No revalidation of SWR's own (focus, reconnect, deduping): every request a test sees comes from the mutation.
const quiet = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  dedupingInterval: 0,
  shouldRetryOnError: false,
};
/** A cache of its own per test, so no test sees another's data. */
const isolated = (children: ReactNode) => h(SWRConfig, { value: { ...quiet, provider: () => new Map() } }, children);

/** vi.waitFor with room for a loaded machine (its default gives up after 1 s). */
const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

const shown = new Map<string, unknown>();
let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  shown.clear();
});

/** Runs a test's hook inside a component. */
function Probe({ hook }: { hook: () => void }) {
  hook();
  return null;
}

/** A read's `useSWR` arguments, whatever the path (its fetcher takes its own key only, hence `never` here). */
type AnyRead = readonly [key: PetstoreSWR<PathOf<"get">>[0], fetcher: (key: never) => Promise<unknown>, config: object];

function Read({ label, args }: { label: string; args: AnyRead }) {
  const [key, fetcher] = args as unknown as PetstoreSWR<PathOf<"get">>;
  const { data, error } = useSWR(key, fetcher);
  shown.set(label, error ?? data);
  return null;
}

describe("swr", () => {
  it("fetches a read through useSWR, keyed as TanStack Query keys it", async () => {
    const { petstore } = swrOverMock();
    const args = petstore.swr("get", "/pets/{petId}", { params: { path: { petId: 1 } } });
    expect(args[0]).toEqual(["petstore", "getPet", { path: { petId: 1 } }]);
    ({ unmount } = await render(isolated(h(Read, { label: "pet", args }))));
    await until(() => expect(shown.get("pet")).toMatchObject({ id: 1, name: "Rex" }));
  });

  it("gives the SDK's PetstoreError as useSWR's error, with the API's code", async () => {
    const { petstore } = swrOverMock();
    const args = petstore.swr("get", "/categories/{categoryId}", { params: { path: { categoryId: 999_999 } } });
    ({ unmount } = await render(isolated(h(Read, { label: "category", args }))));
    await until(() => expect(shown.get("category")).toBeInstanceOf(PetstoreError));
    expect(shown.get("category")).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });

  it("suspends in suspense mode and renders the data", async () => {
    const { petstore } = swrOverMock();
    const [key, fetcher, config] = petstore.swr("get", "/pets/{petId}", { params: { path: { petId: 2 } } });
    // biome-ignore lint/correctness/noComponentHookFactories: each test mounts its hook once, over that test's mock
    function usePet() {
      const { data } = useSWR(key, fetcher, { ...config, suspense: true });
      shown.set("pet", data.name);
    }
    ({ unmount } = await render(isolated(h(Suspense, { fallback: null }, h(Probe, { hook: usePet })))));
    await until(() => expect(shown.get("pet")).toEqual(expect.any(String)));
  });

  it("serves server-rendered data from SWRConfig's fallback under the same key, without a request", async () => {
    const { petstore, requests } = swrOverMock();
    const args = petstore.swr("get", "/pets/{petId}", { params: { path: { petId: 1 } } });
    const fallback = { [unstable_serialize(args[0])]: { id: 1, name: "From the server" } };
    const tree = h(SWRConfig, { value: { ...quiet, provider: () => new Map(), fallback, revalidateOnMount: false } }, [
      h(Read, { key: "read", label: "pet", args }),
    ]);
    ({ unmount } = await render(tree));
    await until(() => expect(shown.get("pet")).toMatchObject({ name: "From the server" }));
    expect(requests).toHaveLength(0);
  });
});

describe("infinite", () => {
  it("pages until X-Total-Count, where the Link header's next page is", async () => {
    const { petstore, client } = swrOverMock();
    const all = (await client.GET("/pets", { params: { query: { limit: 100 } } })).data!;
    let pages: { items: unknown[]; nextOffset?: number; totalCount?: number }[] | undefined;
    let setSize: ((size: number) => Promise<unknown>) | undefined;
    // biome-ignore lint/correctness/noComponentHookFactories: each test mounts its hook once, over that test's mock
    function usePages() {
      const result = useSWRInfinite(...petstore.infinite("get", "/pets", { params: { query: { limit: 8 } } }));
      pages = result.data;
      setSize = result.setSize;
    }
    ({ unmount } = await render(isolated(h(Probe, { hook: usePages }))));
    await until(() => expect(pages).toHaveLength(1));
    await setSize!(10);
    await until(() => expect(pages?.at(-1)?.nextOffset).toBeUndefined());
    expect(pages!.map((page) => [page.nextOffset, page.totalCount])).toEqual([
      [8, all.length],
      [16, all.length],
      [undefined, all.length],
    ]);
    expect(pages!.flatMap((page) => page.items)).toEqual(all);
  });
});

describe("infinite lists after a write", () => {
  /** Mounts an infinite list of the inventory (two pages loaded) and a trigger of `method path`, in one cache. */
  async function inventoryListAndTrigger(method: "post" | "put", path: "/store/orders" | "/categories") {
    let mutate: ReturnType<typeof useSWRConfig>["mutate"] | undefined;
    const mock = swrOverMock({ mutate: (keyOrFilter) => mutate!(keyOrFilter) });
    await mock.ready;
    let pages: { items: { petId: number; quantity: number }[] }[] | undefined;
    let setSize: ((size: number) => Promise<unknown>) | undefined;
    let trigger: ((init: never) => Promise<unknown>) | undefined;
    // biome-ignore lint/correctness/noComponentHookFactories: each test mounts its hook once, over that test's mock
    function useListAndWrite() {
      mutate = useSWRConfig().mutate;
      const list = useSWRInfinite(
        ...mock.petstore.infinite("get", "/store/inventory", { params: { query: { limit: 5 } } }),
      );
      pages = list.data;
      setSize = list.setSize;
      trigger = useSWRMutation(...mock.petstore.mutation(method as "post", path as "/store/orders")).trigger as never;
    }
    ({ unmount } = await render(isolated(h(Probe, { hook: useListAndWrite }))));
    await until(() => expect(pages).toHaveLength(1));
    await setSize!(2);
    await until(() => expect(pages).toHaveLength(2));
    return { ...mock, pages: () => pages!, trigger: (init: unknown) => trigger!(init as never) };
  }

  it("revalidates every loaded page of a list the write's x-affects names", async () => {
    const { store, requests, pages, trigger } = await inventoryListAndTrigger("post", "/store/orders");
    const [item] = pages()[0]!.items.filter(
      (entry) => entry.quantity > 0 && store.pets.get(entry.petId)?.status === "available",
    );
    const before = requests.length;
    await trigger({ body: { petId: item!.petId, quantity: 1 } });
    // placeOrder's x-affects names listInventory: both pages are fetched again, and show the new stock.
    await until(() =>
      expect(pages()[0]!.items.find((entry) => entry.petId === item!.petId)?.quantity).toBe(item!.quantity - 1),
    );
    await until(() =>
      expect(readsSince(requests, before).filter((read) => read.startsWith("/store/inventory"))).toEqual([
        "/store/inventory?limit=5&offset=0",
        "/store/inventory?limit=5&offset=5",
      ]),
    );
  });

  it("leaves a list alone when the write's x-affects does not name it", async () => {
    const { requests, trigger } = await inventoryListAndTrigger("post", "/categories");
    const before = requests.length;
    await trigger({ body: { name: "Hamsters" } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readsSince(requests, before).filter((read) => read.startsWith("/store/inventory"))).toEqual([]);
  });
});

describe("mutation", () => {
  it("resolves useSWRMutation's trigger with the record, and rejects with the operation's PetstoreError", async () => {
    let mutate: ReturnType<typeof useSWRConfig>["mutate"] | undefined;
    const { petstore } = swrOverMock({ mutate: (filter) => mutate!(filter) });
    let trigger: ((init: { body: { name: string } }) => Promise<unknown>) | undefined;
    // biome-ignore lint/correctness/noComponentHookFactories: each test mounts its hook once, over that test's mock
    function useCreate() {
      mutate = useSWRConfig().mutate;
      trigger = useSWRMutation(...petstore.mutation("post", "/categories")).trigger;
    }
    ({ unmount } = await render(isolated(h(Probe, { hook: useCreate }))));
    await until(() => expect(trigger).toBeTypeOf("function"));
    expect(await trigger!({ body: { name: "Hamsters" } })).toMatchObject({ name: "Hamsters" });
    const failure = await trigger!({ body: { name: "hamsters" } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreError);
    expect(failure).toMatchObject({ code: "DUPLICATE_NAME", status: 409 });
  });
});

/** Mounts one useSWR per read below, places an order through useSWRMutation with SWR's global `mutate`. */
async function placeOrderWithReadsMounted() {
  const { petstore, client, store, ready, requests } = swrOverMock();
  await ready;
  // The global cache starts empty: an earlier test's data there is another mock's.
  await globalMutate(() => true, undefined, { revalidate: false });
  // SWR forgets a finished request a timer after it (dedupingInterval 0): until then a mount under the same key is
  // handed that request's answer, the earlier test's mock's. React may mount before that timer on a busy machine.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const inStock = [...store.inventory.values()].filter((item) => item.status === "available" && item.quantity > 0);
  const [ordered, other] = inStock.slice(0, 2).map((item) => store.pets.get(item.petId)!);
  // Each read by label: its path and init, as useSWR gets them and as the API is asked again afterwards.
  const calls: Record<string, [path: string, init?: { params: object }]> = {
    pets: ["/pets"],
    petsByFive: ["/pets", { params: { query: { limit: 5 } } }],
    orderedPet: ["/pets/{petId}", { params: { path: { petId: ordered!.id } } }],
    otherPet: ["/pets/{petId}", { params: { path: { petId: other!.id } } }],
    categories: ["/categories"],
    inventory: ["/store/inventory"],
    orderedStock: ["/store/inventory/{petId}", { params: { path: { petId: ordered!.id } } }],
    otherStock: ["/store/inventory/{petId}", { params: { path: { petId: other!.id } } }],
  };
  const reads = Object.fromEntries(
    Object.entries(calls).map(([label, [path, init]]) => [label, petstore.swr("get", path as "/pets", init as never)]),
  );
  /** The reads whose useSWR shows other data than the API answers now: stale reads served. */
  const staleReads = async () => {
    const stale: string[] = [];
    for (const [label, [path, init]] of Object.entries(calls)) {
      const { data } = await client.GET(path as "/pets", init as never);
      if (JSON.stringify(data) !== JSON.stringify(shown.get(label))) {
        stale.push(label);
      }
    }
    return stale;
  };
  let trigger: ((init: { body: { petId: number; quantity: number } }) => Promise<unknown>) | undefined;
  // biome-ignore lint/correctness/noComponentHookFactories: each test mounts its hook once, over that test's mock
  function useOrder() {
    trigger = useSWRMutation(...petstore.mutation("post", "/store/orders")).trigger;
  }
  // The global cache, as an app without a provider has: the helpers revalidate through swr's global `mutate`.
  const tree = h(SWRConfig, { value: quiet }, [
    ...Object.entries(reads).map(([label, args]) => h(Read, { key: label, label, args })),
    h(Probe, { key: "order", hook: useOrder }),
  ]);
  ({ unmount } = await render(tree));
  await until(() => expect(shown.size).toBe(Object.keys(reads).length));
  // Mounted and fetched: no read shows other data than the API's.
  await until(async () => expect(await staleReads()).toEqual([]));
  const before = requests.length;
  await trigger!({ body: { petId: ordered!.id, quantity: 1 } });
  const refetched = readsSince(requests, before);
  const stale = await staleReads();
  await unmount?.();
  unmount = undefined;
  return { refetched, stale, ordered: ordered!, other: other! };
}

// Eight mounted reads, each asked of the API again per check: room for a machine busy with other work.
describe("revalidation from x-affects", { timeout: 30_000 }, () => {
  it("after an order, refetches exactly the reads placeOrder's x-affects names, and serves none stale", async () => {
    const { refetched, stale, ordered } = await placeOrderWithReadsMounted();
    expect(refetched).toEqual(
      ["/pets", "/pets?limit=5", `/pets/${ordered.id}`, "/store/inventory", `/store/inventory/${ordered.id}`].sort(),
    );
    expect(stale).toEqual([]);
  });

  it("serves a stale inventory when listInventory is taken out of placeOrder's x-affects", async () => {
    // The table's entry: the write's id, then one word per x-affects entry (see src/generated/operations.ts).
    const table = operations["/store/orders"] as { post: string };
    const saved = table.post;
    table.post = saved
      .split(" ")
      .filter((entry) => entry !== "listInventory")
      .join(" ");
    expect(table.post).not.toEqual(saved);
    try {
      const { refetched, stale } = await placeOrderWithReadsMounted();
      expect(refetched).not.toContain("/store/inventory");
      expect(stale).toEqual(["inventory"]);
    } finally {
      table.post = saved;
    }
  });
});
