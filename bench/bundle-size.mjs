// 5. Bundle size, minified and gzipped (level 9), as a browser app would ship it (esbuild):
// the SDK against openapi-fetch alone, and the mock's browser entry against msw alone. The
// metafile tells what each package contributes (minified bytes, before gzip). The mock's budget is
// its first load (@petstore/testing/first-load): what a browser loads before the first request, code split as
// Vite ships it, with the chunks behind a dynamic import() apart; esbuild's split is reported beside it.

import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { FIRST_LOAD_BUDGET, firstLoad, MOCK_ENTRY, MSW_ENTRY } from "@petstore/testing/first-load";
import { build } from "esbuild";
import { log, MOCK_DIR, QUERY_DIR, ROOT, SDK_DIR } from "./lib/common.mjs";

export const ENTRIES = {
  sdk: {
    resolveDir: ROOT,
    contents: `import { createPetstoreClient } from "@petstore/sdk";
const client = createPetstoreClient({ baseUrl: "https://api.example.com", apiKey: "key" });
client.GET("/pets", { params: { query: { limit: 5 } } }).then(({ data }) => console.log(data));`,
  },
  "openapi-fetch": {
    resolveDir: SDK_DIR,
    contents: `import createClient from "openapi-fetch";
const client = createClient({ baseUrl: "https://api.example.com", headers: { Authorization: "Bearer key" } });
client.GET("/pets", { params: { query: { limit: 5 } } }).then(({ data }) => console.log(data));`,
  },
  // @petstore/query's cost: createPetstoreQueries and one queryOptions, against the same query by hand.
  query: {
    resolveDir: QUERY_DIR,
    contents: `import { createPetstoreClient } from "@petstore/sdk";
import { createPetstoreQueries } from "@petstore/query";
import { QueryClient } from "@tanstack/query-core";
const client = createPetstoreClient({ baseUrl: "https://api.example.com", apiKey: "key" });
const queryClient = new QueryClient();
const petstore = createPetstoreQueries(client, { queryClient });
queryClient.fetchQuery(petstore.queryOptions("get", "/pets", { params: { query: { limit: 5 } } })).then(console.log);`,
  },
  "sdk+query-core": {
    resolveDir: QUERY_DIR,
    contents: `import { createPetstoreClient, unwrap } from "@petstore/sdk";
import { QueryClient } from "@tanstack/query-core";
const client = createPetstoreClient({ baseUrl: "https://api.example.com", apiKey: "key" });
const queryClient = new QueryClient();
const init = { params: { query: { limit: 5 } } };
queryClient.fetchQuery({ queryKey: ["pets", init], queryFn: ({ signal }) => unwrap(client.GET("/pets", { ...init, signal })) }).then(console.log);`,
  },
  // @petstore/query/swr's cost: one read, one list and one write through SWR's three hooks, against the same hooks
  // over the SDK by hand. SWR and React are left out of both (external): the budget is the helpers' own bytes.
  swr: {
    resolveDir: QUERY_DIR,
    external: ["swr", "swr/*", "react"],
    contents: `import { createPetstoreClient } from "@petstore/sdk";
import { createPetstoreSWR, useSWR } from "@petstore/query/swr";
import useSWRInfinite from "swr/infinite";
import useSWRMutation from "swr/mutation";
const petstore = createPetstoreSWR(createPetstoreClient({ baseUrl: "https://api.example.com", apiKey: "key" }));
export function App() {
  const pets = useSWR(...petstore.swr("get", "/pets", { params: { query: { limit: 5 } } }));
  const pages = useSWRInfinite(...petstore.infinite("get", "/pets"));
  const order = useSWRMutation(...petstore.mutation("post", "/store/orders"));
  return [pets, pages, order];
}`,
  },
  "sdk+swr": {
    resolveDir: QUERY_DIR,
    external: ["swr", "swr/*", "react"],
    contents: `import { createPetstoreClient, unwrap } from "@petstore/sdk";
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import useSWRMutation from "swr/mutation";
const client = createPetstoreClient({ baseUrl: "https://api.example.com", apiKey: "key" });
const init = { params: { query: { limit: 5 } } };
export function App() {
  const pets = useSWR(["pets", init], () => unwrap(client.GET("/pets", init)));
  const pages = useSWRInfinite((index) => ["pets", index * 20], ([, offset]) => unwrap(client.GET("/pets", { params: { query: { offset } } })));
  const order = useSWRMutation("order", (_, { arg }) => unwrap(client.POST("/store/orders", arg)));
  return [pets, pages, order];
}`,
  },
  mock: { resolveDir: ROOT, contents: MOCK_ENTRY },
  // What the mock's browser entry uses of msw: setupWorker and the http handlers.
  msw: { resolveDir: ROOT, contents: MSW_ENTRY },
};

/** The package a bundled file comes from (workspace packages by their folder). */
function packageOf(path) {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(path);
  if (inModules) {
    return inModules[1];
  }
  const workspace = /^packages\/([^/]+)\//.exec(path);
  return workspace ? `@petstore/${workspace[1]}` : "(entry)";
}

async function bundle(name) {
  const { contents, resolveDir, external } = ENTRIES[name];
  const result = await build({
    stdin: { contents, resolveDir, loader: "js", sourcefile: `${name}-entry.js` },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: ROOT,
    external,
  });
  const code = result.outputFiles[0].contents;
  const packages = {};
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const owner = packageOf(path);
      packages[owner] = (packages[owner] ?? 0) + bytesInOutput;
    }
  }
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength, packages };
}

/**
 * The first load of an entry as esbuild splits it (splitting, ESM, minify; each chunk gzipped): the entry's chunk
 * and the chunks it imports statically. esbuild gives every module an entry shares with a lazy chunk a chunk of
 * its own, so the first load is more files than Vite's, each compressed apart.
 */
async function esbuildFirstLoad(name) {
  const { contents, resolveDir } = ENTRIES[name];
  const result = await build({
    stdin: { contents, resolveDir, loader: "js", sourcefile: `${name}-entry.js` },
    bundle: true,
    splitting: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outdir: join(ROOT, "bench/.tmp/esbuild-split"),
    write: false,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: ROOT,
  });
  const outputs = result.metafile.outputs;
  const code = new Map(result.outputFiles.map((file) => [relative(ROOT, file.path), file.contents]));
  const first = new Set();
  // Every dynamic import() is an entry point of esbuild's too: the app's entry is the one read from stdin.
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === `${name}-entry.js`);
  for (const pending = [entry]; pending.length; ) {
    const file = pending.pop();
    if (!first.has(file)) {
      first.add(file);
      pending.push(...outputs[file].imports.filter((i) => i.kind === "import-statement").map((i) => i.path));
    }
  }
  const gzip = [...first].reduce((sum, file) => sum + gzipSync(code.get(file), { level: 9 }).byteLength, 0);
  return { gzip, files: first.size };
}

/**
 * The mock's first load against msw's, as Vite ships both; its lazy chunks; and what its first load holds beyond
 * msw's (built from source, so each module is named), the largest first.
 */
async function mockFirstLoad() {
  const [mock, msw] = [await firstLoad(MOCK_ENTRY), await firstLoad(MSW_ENTRY)];
  const fromSource = await firstLoad(MOCK_ENTRY, { conditions: ["@petstore/source"] });
  const inMsw = new Set(msw.modules.map(({ module }) => module));
  const [esbuildMock, esbuildMsw] = [await esbuildFirstLoad("mock"), await esbuildFirstLoad("msw")];
  return {
    budget: FIRST_LOAD_BUDGET,
    mock: { gzip: mock.gzip, minified: mock.minified, files: mock.files.length },
    msw: { gzip: msw.gzip, minified: msw.minified, files: msw.files.length },
    overMsw: mock.gzip - msw.gzip,
    // A lazy chunk by the module that names it, without the hash tsup gives it; what it holds, from source.
    lazy: mock.lazy.map(({ name, minified, gzip }) => {
      const plain = name.replace(/-[A-Z0-9]{8}$/, "");
      const modules = fromSource.lazy.find((chunk) => chunk.name === plain)?.modules ?? [];
      return { name: plain, minified, gzip, modules: modules.map(({ module }) => module.replace(/^(.*\/)?src\//, "")) };
    }),
    contributors: fromSource.modules.filter(({ module }) => !inMsw.has(module)).slice(0, 12),
    esbuild: { mock: esbuildMock, msw: esbuildMsw, overMsw: esbuildMock.gzip - esbuildMsw.gzip },
  };
}

/**
 * The inspector panel's own code (`@petstore/mock/devtools`): its source entry bundled with every module outside
 * src/devtools/ left out (external), i.e. without the mock's core, control handler and snapshot checks it shares
 * with the mock the page already loads.
 */
async function panelOwnCode() {
  const devtoolsDir = join(MOCK_DIR, "src/devtools");
  const result = await build({
    entryPoints: [join(MOCK_DIR, "src/devtools.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "panel-only",
        setup(build) {
          build.onResolve({ filter: /^\.\.?\// }, (args) => {
            const path = join(args.resolveDir, args.path);
            return relative(devtoolsDir, path).startsWith("..") ? { path: args.path, external: true } : undefined;
          });
        },
      },
    ],
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

export default async function bundleSizes() {
  const sizes = {};
  for (const name of Object.keys(ENTRIES)) {
    sizes[name] = await bundle(name);
    log(`bundle: ${name}: ${sizes[name].minified} B min, ${sizes[name].gzip} B min+gz`);
  }
  // Split the mock's bundle (its few entry bytes aside): msw (and what it brings), the store
  // (@msw/data and what it adds), the mock.
  const mswPackages = new Set(Object.keys(sizes.msw.packages));
  const groupOf = (name) => (mswPackages.has(name) ? "msw" : name === "@petstore/mock" ? "mock" : "store");
  const groups = { msw: 0, store: 0, mock: 0 };
  for (const [name, bytes] of Object.entries(sizes.mock.packages)) {
    if (name !== "(entry)") {
      groups[groupOf(name)] += bytes;
    }
  }
  const panel = await panelOwnCode();
  log(`bundle: inspector panel's own code: ${panel.minified} B min, ${panel.gzip} B min+gz`);
  const split = await mockFirstLoad();
  log(
    `bundle: the mock's first load over msw's (Vite): ${split.overMsw} B min+gz; esbuild: ${split.esbuild.overMsw} B`,
  );
  return {
    sizes,
    panel,
    firstLoad: split,
    mockGroups: groups,
    mockOnTopOfMsw: sizes.mock.gzip - sizes.msw.gzip,
    sdkOverOpenapiFetch: sizes.sdk.gzip - sizes["openapi-fetch"].gzip,
    queryOnTopOfSdk: sizes.query.gzip - sizes["sdk+query-core"].gzip,
    swrOnTopOfSdk: sizes.swr.gzip - sizes["sdk+swr"].gzip,
  };
}
