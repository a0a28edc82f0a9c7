import { createRequire } from "node:module";
import { TSGO } from "@petstore/runtimes/typescript7";
import { type RunningCli, startCli } from "@petstore/testing/cli";
import { type PackedApp, packedApp, problemsByFile } from "@petstore/testing/packed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Installs the packed tarballs of @petstore/query and @petstore/sdk, with swr, React and React's types from the
// registry, into an app outside the workspace, as an SWR user would; type-checks it strictly with TypeScript 5.9
// and 7, and runs a query and a mutation against petstore-mock.
const require = createRequire(import.meta.url);
const versionOf = (name: string) => require(`${name}/package.json`).version as string;
let app: PackedApp;
let mock: RunningCli;

beforeAll(async () => {
  mock = await startCli();
  app = packedApp({
    packages: ["sdk", "query"],
    dependencies: [
      `swr@${versionOf("swr")}`,
      `react@${versionOf("react")}`,
      `@types/react@${versionOf("@types/react")}`,
    ],
  });
}, 180_000);

afterAll(async () => {
  await mock?.stop();
  app?.remove();
});

const script = `import { createPetstoreClient } from "@petstore/sdk";
import { createPetstoreSWR } from "@petstore/query/swr";
import { mutate } from "swr";
const client = createPetstoreClient({ baseUrl: process.env.PETSTORE_BASE_URL, apiKey: "petstore-demo-key" });
// Three reads into SWR's global cache (no component in Node: mutate(key, promise) caches what the fetcher resolves).
const petstore = createPetstoreSWR(client, {
  // Which of the three keys the write's filter selects, before SWR's global mutate gets it. (SWR hands a filter
  // the keys its hooks mounted, so here, with no hook, mutate revalidates nothing; test/swr/ renders the hooks.)
  mutate: (filter) => {
    selected.push(...reads.map(([key]) => key).filter((key) => filter(key)).map((key) => JSON.stringify(key)));
    return mutate(filter);
  },
});
const selected = [];
const reads = [
  petstore.swr("get", "/pets/{petId}", { params: { path: { petId: 1 } } }),
  petstore.swr("get", "/pets/{petId}", { params: { path: { petId: 2 } } }),
  petstore.swr("get", "/categories"),
];
const [pet] = await Promise.all(reads.map(([key, fetcher]) => mutate(key, fetcher(key))));
const [orderKey, placeOrder] = petstore.mutation("post", "/store/orders");
const order = await placeOrder(orderKey, { arg: { body: { petId: pet.id, quantity: 1 } } });
const failure = await placeOrder(orderKey, { arg: { body: { petId: pet.id, quantity: 100000 } } }).catch((error) => error);
console.log(pet.name, order.petId, failure.code, selected.join(" "));
`;

const consumer = `import { createPetstoreClient } from "@petstore/sdk";
import { createPetstoreSWR, useSWR } from "@petstore/query/swr";
import useSWRInfinite from "swr/infinite";
import useSWRMutation from "swr/mutation";
const petstore = createPetstoreSWR(createPetstoreClient({ baseUrl: "http://api.test", apiKey: "k" }));
export function usePetstore() {
  const pet = useSWR(...petstore.swr("get", "/pets/{petId}", { params: { path: { petId: 1 } } }));
  const pages = useSWRInfinite(...petstore.infinite("get", "/pets"));
  const order = useSWRMutation(...petstore.mutation("post", "/store/orders"));
  const name: string | undefined = pet.data?.name;
  const total: number | undefined = pages.data?.[0]?.totalCount;
  if (pet.error?.code === "NOT_FOUND" || pages.error?.code === "TIMEOUT" || order.error?.code === "INSUFFICIENT_STOCK") {
    return { name, total };
  }
  // @ts-expect-error getPet never answers DUPLICATE_NAME
  pet.error?.code === "DUPLICATE_NAME";
  // @ts-expect-error listPets never answers NOT_FOUND
  pages.error?.code === "NOT_FOUND";
  // @ts-expect-error placeOrder never answers DUPLICATE_NAME
  order.error?.code === "DUPLICATE_NAME";
  return order.trigger({ body: { petId: 1, quantity: 1 } });
}
`;

const strict = {
  strict: true,
  module: "NodeNext",
  moduleResolution: "NodeNext",
  target: "ES2022",
  noEmit: true,
  lib: ["ES2022", "DOM"],
  skipLibCheck: false,
  types: [],
};

/** The consumer, and the same with a wrong error code where a `@ts-expect-error` stands. */
const CONSUMERS = {
  "consumer.ts": consumer,
  "consumer-wrong.ts": consumer.replace('=== "DUPLICATE_NAME";', '=== "NETWORK_ERROR";'),
};
let checked: ReturnType<typeof problemsByFile> | undefined;
/** One tsc 5.9 run over both consumers (tsc's start-up and the packages' types are most of a run), file by file. */
function typeCheckConsumers() {
  checked ??= problemsByFile(app.typeCheck(CONSUMERS, strict), Object.keys(CONSUMERS));
  return checked;
}

describe("the packed @petstore/query/swr", () => {
  it("runs a query and a mutation against petstore-mock; the write's key filter selects what placeOrder's x-affects names", () => {
    app.write("swr.mjs", script);
    const printed = app.run(process.execPath, ["swr.mjs"], { ...process.env, PETSTORE_BASE_URL: mock.url });
    expect(printed.trim()).toBe('Rex 1 INSUFFICIENT_STOCK ["petstore","getPet",{"path":{"petId":1}}]');
  });

  it("type-checks an SWR consumer strictly with TypeScript 5.9, wrong error codes rejected", () => {
    const { problemsOf, outside } = typeCheckConsumers();
    expect(outside).toEqual([]);
    expect(problemsOf("consumer.ts")).toEqual([]);
    expect(problemsOf("consumer-wrong.ts").join("\n")).toMatch(
      /consumer-wrong\.ts\(\d+,\d+\): error TS2578: Unused '@ts-expect-error' directive/,
    );
  });

  it("type-checks the same consumer with TypeScript 7", () => {
    app.write("consumer.ts", consumer);
    app.write("tsconfig.consumer.json", JSON.stringify({ compilerOptions: strict, files: ["consumer.ts"] }));
    expect(app.run(process.execPath, [TSGO, "-p", "tsconfig.consumer.json"])).toBe("");
  });
});
