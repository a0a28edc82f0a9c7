import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type RunningCli, startCli } from "@petstore/testing/cli";
import { type PackedApp, packedApp } from "@petstore/testing/packed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// What a user of an adapter that pins an older query-core meets: npm (not pnpm) installs the packed
// tarballs, @tanstack/react-query and @tanstack/vue-query 5.104.0 (each pinning query-core 5.104.0), and
// the newest query-core beside them, so the app holds two copies of query-core and ours resolves the
// newer one. Everything must still type-check (strict tsc, vue-tsc, no skipLibCheck) and run.
const OLDER_CORE = "5.104.0";
const require = createRequire(import.meta.url);
const newestCore = require("@tanstack/query-core/package.json").version as string;
const typescript = require("typescript/package.json").version as string;
let app: PackedApp;
let mock: RunningCli;

const versionIn = (path: string) =>
  (JSON.parse(readFileSync(join(app.dir, "node_modules", path, "package.json"), "utf8")) as { version: string })
    .version;

beforeAll(async () => {
  app = packedApp({
    packages: ["sdk", "query"],
    dependencies: [
      `@tanstack/query-core@${newestCore}`,
      `@tanstack/react-query@${OLDER_CORE}`,
      "react@19",
      "@types/react@19",
      `@tanstack/vue-query@${OLDER_CORE}`,
      "vue@3",
      "vue-tsc@3",
      `typescript@${typescript}`,
    ],
  });
  app.write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: "ESNext",
        moduleResolution: "Bundler",
        target: "ES2022",
        jsx: "react-jsx",
        noEmit: true,
        lib: ["ES2022", "DOM"],
        skipLibCheck: false,
        types: [],
      },
      include: ["src"],
    }),
  );
  mock = await startCli(["--seed", "5"]);
}, 300_000);

afterAll(async () => {
  await mock?.stop();
  app?.remove();
});

const petstoreModule = (adapter: string) => `import { createPetstoreQueries } from "@petstore/query";
import { createPetstoreClient } from "@petstore/sdk";
import { QueryClient } from "${adapter}";

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
export const petstore = createPetstoreQueries(
  createPetstoreClient({ baseUrl: process.env.PETSTORE_BASE_URL ?? "", apiKey: "petstore-demo-key", retry: false, onDeprecation: false }),
  { queryClient },
);
`;

const reactComponent = `import { useMutation, useQuery } from "@tanstack/react-query";
import { petstore } from "./react-petstore.js";

export function Pet({ petId }: { petId: number }) {
  const pet = useQuery(petstore.queryOptions("get", "/pets/{petId}", { params: { path: { petId } } }));
  const order = useMutation(petstore.mutationOptions("post", "/store/orders"));
  if (pet.error?.code === "NOT_FOUND") return <p>No pet {petId}</p>;
  // @ts-expect-error getPet does not document DUPLICATE_NAME
  if (pet.error?.code === "DUPLICATE_NAME") return null;
  if (order.error) return <p>{order.error.code}: {order.error.message}</p>;
  return <button type="button" onClick={() => order.mutate({ body: { petId, quantity: 1 } })}>{pet.data?.name}</button>;
}
`;

const vueComponent = `<script setup lang="ts">
import { useMutation, useQuery } from "@tanstack/vue-query";
import { petstore } from "./vue-petstore.js";

const props = defineProps<{ petId: number }>();
const pet = useQuery(petstore.queryOptions("get", "/pets/{petId}", { params: { path: { petId: props.petId } } }));
const order = useMutation(petstore.mutationOptions("post", "/store/orders"));
const missing = pet.error.value?.code === "NOT_FOUND";
// @ts-expect-error getPet does not document DUPLICATE_NAME
const duplicate = pet.error.value?.code === "DUPLICATE_NAME";
</script>

<template>
  <p v-if="missing || duplicate">No pet {{ props.petId }}</p>
  <button v-else type="button" @click="order.mutate({ body: { petId: props.petId, quantity: 1 } })">
    {{ pet.data.value?.name }}
  </button>
</template>
`;

// Both adapters' own QueryClients and hooks, each over its own (older) query-core, against the mock.
const runBoth = `import { MutationObserver } from "@tanstack/react-query";
import { useMutation, useQuery } from "@tanstack/vue-query";
import { effectScope } from "vue";
import * as react from "./react-petstore.mjs";
import * as vue from "./vue-petstore.mjs";

const available = { params: { query: { status: ["available"], limit: 2 } } };
const [first, second] = await react.queryClient.fetchQuery(react.petstore.queryOptions("get", "/pets", available));
const order = await new MutationObserver(react.queryClient, react.petstore.mutationOptions("post", "/store/orders"))
  .mutate({ body: { petId: first.id, quantity: 1 } });
console.log("react", order.petId === first.id, react.queryClient.getQueryState(react.petstore.queryKey("get", "/pets", available)).isInvalidated);

await effectScope().run(async () => {
  const query = useQuery(vue.petstore.queryOptions("get", "/pets/{petId}", { params: { path: { petId: 404404 } } }), vue.queryClient);
  const mutation = useMutation(vue.petstore.mutationOptions("post", "/store/orders"), vue.queryClient);
  await query.suspense();
  const placed = await mutation.mutateAsync({ body: { petId: second.id, quantity: 1 } });
  console.log("vue", query.error.value?.code, placed.petId === second.id);
});
`;

describe("@petstore/query beside adapters that pin an older query-core (npm)", () => {
  it("installs two copies of query-core, as users of those adapters get", () => {
    expect(versionIn("@tanstack/query-core")).toBe(newestCore);
    expect(versionIn("@tanstack/react-query/node_modules/@tanstack/query-core")).toBe(OLDER_CORE);
    expect(versionIn("@tanstack/vue-query/node_modules/@tanstack/query-core")).toBe(OLDER_CORE);
  });

  // vue-tsc is tsc with Vue's language plugin: one program checks the .ts, .tsx and .vue files (tsc first checked the
  // same files again but the .vue one).
  it("type-checks React hooks and a Vue component with vue-tsc, errors typed per operation", () => {
    mkdirSync(join(app.dir, "src"));
    app.write("src/react-petstore.ts", petstoreModule("@tanstack/react-query"));
    app.write("src/vue-petstore.ts", petstoreModule("@tanstack/vue-query"));
    app.write("src/Pet.tsx", reactComponent);
    app.write("src/Pet.vue", vueComponent);
    app.write("src/env.d.ts", "declare const process: { env: Record<string, string | undefined> };\n");
    app.run(process.execPath, ["node_modules/vue-tsc/bin/vue-tsc.js", "-p", "."]);
  });

  it("runs a query and a mutation through each adapter's QueryClient against the mock", () => {
    app.write("react-petstore.mjs", petstoreModule("@tanstack/react-query"));
    app.write("vue-petstore.mjs", petstoreModule("@tanstack/vue-query"));
    app.write("run.mjs", runBoth);
    const printed = app.run(process.execPath, ["run.mjs"], { ...process.env, PETSTORE_BASE_URL: mock.url });
    expect(printed.trim().split("\n")).toEqual(["react true true", "vue NOT_FOUND true"]);
  });
});
