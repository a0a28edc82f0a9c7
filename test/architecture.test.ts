// The import rule of ARCHITECTURE.md, checked on every hand-written and generated source file:
// imports point down the layers, never up and never sideways into a test harness.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const IMPORT = /(?:^|\s)(?:import|export)\s(?:[^"';]*?\sfrom\s)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/**
 * Source files under `dir` (tests and fixtures aside) in the working tree, as repository paths: a file
 * deleted but not yet committed is still in the index, and is left out.
 */
function sources(dir: string): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", dir], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /\.(ts|js|mjs)$/.test(file) && !/\.test(-d)?\.ts$|\/test\/|\/fixtures\//.test(file))
    .filter((file) => existsSync(path.join(ROOT, file)));
}

interface Import {
  file: string;
  specifier: string;
  /** The repository path a relative import lands on; undefined for a package import. */
  target?: string;
}

function importsOf(file: string): Import[] {
  // Comments may show imports (an `@example`) that the file does not make.
  const text = readFileSync(path.join(ROOT, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = (match[1] ?? match[2])!;
    return specifier.startsWith(".")
      ? { file, specifier, target: path.posix.join(path.posix.dirname(file), specifier) }
      : { file, specifier };
  });
}

const describeImport = ({ file, specifier }: Import) => `${file} imports ${specifier}`;

const MOCK_SRC = "packages/mock/src/";

/**
 * The shared folders of the mock's `src/`, each with the folders it may import besides its own: the runtime-neutral
 * core, and what the ways of running it build on.
 */
const SHARED_FOLDERS: Record<string, readonly string[]> = {
  core: [],
  fetch: ["core"],
  msw: ["core", "fetch"],
  serve: ["core", "fetch"],
  state: ["core"],
  standalone: ["core", "fetch", "serve", "state"],
};

/**
 * Every other folder is a runtime adapter: one whose barrel an entry of package.json `exports` re-exports (read
 * below, so a new adapter needs no line here). An adapter may import what a server is built on, or, where it
 * says so here, less or other shared folders. An adapter never imports another.
 */
const ADAPTER_IMPORTS: readonly string[] = ["core", "fetch", "serve", "state"];
const ADAPTER_EXCEPTIONS: Record<string, readonly string[]> = {
  browser: ["core", "fetch", "msw"],
  worker: ["core", "fetch", "serve"],
  // node:http serves what the one start-up of every standalone server prepared (standalone/).
  node: ["core", "fetch", "serve", "state", "standalone"],
  deno: ["core", "serve", "standalone"],
  bun: ["core", "serve", "standalone"],
};

/** The entry files of the mock: the `@petstore/source` of each subpath of its package.json `exports`. */
const MOCK_ENTRIES: string[] = Object.values(
  JSON.parse(readFileSync(path.join(ROOT, "packages/mock/package.json"), "utf8")).exports as Record<string, unknown>,
).flatMap((conditions) =>
  typeof conditions === "object" && conditions !== null && "@petstore/source" in conditions
    ? [path.posix.join("packages/mock", String(conditions["@petstore/source"]))]
    : [],
);

/** The adapter folders: those, not shared, whose barrel an entry file re-exports. */
const ADAPTER_FOLDERS: string[] = [
  ...new Set(
    MOCK_ENTRIES.filter((file) => existsSync(path.join(ROOT, file)))
      .flatMap(importsOf)
      .flatMap(({ target }) => (target === undefined ? [] : [mockFolder(target)!]))
      .filter((folder) => folder !== "entry" && !(folder in SHARED_FOLDERS)),
  ),
];

/** The folders of the mock's `src/` and the folders each may import besides its own. */
const MOCK_FOLDERS: Record<string, readonly string[]> = {
  ...SHARED_FOLDERS,
  ...Object.fromEntries(ADAPTER_FOLDERS.map((folder) => [folder, ADAPTER_EXCEPTIONS[folder] ?? ADAPTER_IMPORTS])),
};

/** Inside core/, bottom first: a file may import its own layer or a lower one. */
const CORE_LAYERS = ["generated", "http", "inspect", "store", "sessions", "operations", "control", "app"] as const;

/** The folder of a file of the mock's `src/` (`core`, `fetch`, …), "entry" for `src/*.ts`, or undefined. */
function mockFolder(file: string): string | undefined {
  if (!file.startsWith(MOCK_SRC)) {
    return undefined;
  }
  const rest = file.slice(MOCK_SRC.length);
  return rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : "entry";
}

/** The layer of a core/ file: its subfolder, or `app` for the files at the top of core/. */
function coreLayer(file: string): number {
  const rest = file.slice(`${MOCK_SRC}core/`.length);
  return CORE_LAYERS.indexOf((rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : "app") as never);
}

/** A folder's barrel: its index file (msw/node/ has its own, for msw/node's setupServer). */
const isBarrel = (target: string) => /^packages\/mock\/src\/[a-z]+(\/node)?\/index\.[jt]s$/.test(target);

describe("imports point down", () => {
  it("the contract imports no workspace package: it is the bottom of the house", () => {
    const found = sources("packages/contract/src").flatMap(importsOf);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter(({ specifier }) => specifier.startsWith("@petstore/")).map(describeImport)).toEqual([]);
  });

  it("generated code imports nothing hand-written", () => {
    const generated = [
      "packages/mock/src/core/generated",
      "packages/mock/src/devtools/generated",
      "packages/sdk/src/generated",
      "packages/query/src/generated",
      "packages/verify/src/generated",
    ].flatMap(sources);
    expect(generated.length).toBeGreaterThan(0);
    const upward = generated
      .flatMap(importsOf)
      .filter(({ target, specifier }) => (target ? !/\/generated\//.test(target) : specifier.startsWith("@petstore/")));
    expect(upward.map(describeImport)).toEqual([]);
  });

  it("@petstore/verify needs only its own files and the contract (which its build inlines), no other workspace package", () => {
    const found = sources("packages/verify/src").flatMap(importsOf);
    expect(found.length).toBeGreaterThan(0);
    const leaks = found.filter(
      ({ specifier, target }) =>
        (specifier.startsWith("@petstore/") && !/^@petstore\/contract(\/checker)?$/.test(specifier)) ||
        (target !== undefined && !target.startsWith("packages/verify/")),
    );
    expect(leaks.map(describeImport)).toEqual([]);
  });

  it("the published packages need neither the contract nor a test harness at run time", () => {
    const found = ["packages/mock/src", "packages/sdk/src", "packages/query/src"].flatMap(sources).flatMap(importsOf);
    const leaks = found.filter(
      ({ specifier, target }) =>
        /^@petstore\/(contract|conformance|testing)/.test(specifier) ||
        (target !== undefined && !/^packages\/(mock|sdk|query)\/src\//.test(target)),
    );
    expect(leaks.map(describeImport)).toEqual([]);
  });

  it("the mock's src/ is an entry file per subpath or a file of one of its folders", () => {
    const unplaced = sources("packages/mock/src").filter((file) => {
      const folder = mockFolder(file)!;
      return folder !== "entry" && !(folder in MOCK_FOLDERS);
    });
    expect(
      unplaced,
      "files of no folder: a runtime adapter's folder is re-exported by an entry of package.json exports (src/<name>.ts); a shared one is in SHARED_FOLDERS and ARCHITECTURE.md",
    ).toEqual([]);
  });

  it("names in its adapter exceptions only adapter folders, and finds the adapters from package.json exports", () => {
    expect(ADAPTER_FOLDERS.length, `no adapter folder re-exported by ${MOCK_ENTRIES.join(", ")}`).toBeGreaterThan(1);
    expect(
      Object.keys(ADAPTER_EXCEPTIONS)
        .filter((folder) => !ADAPTER_FOLDERS.includes(folder))
        .map(
          (folder) =>
            `ADAPTER_EXCEPTIONS names ${folder}/, which no entry of packages/mock/package.json exports re-exports`,
        ),
    ).toEqual([]);
  });

  it("each folder of the mock imports only its own folder and those it builds on", () => {
    const found = sources("packages/mock/src")
      .filter((file) => mockFolder(file) !== "entry")
      .flatMap(importsOf)
      .filter(({ target }) => target !== undefined);
    const sideways = found.filter(({ file, target }) => {
      const from = mockFolder(file)!;
      const to = mockFolder(target!)!;
      return to !== from && !MOCK_FOLDERS[from]?.includes(to);
    });
    expect(
      sideways.map(
        (f) =>
          `${describeImport(f)} (${mockFolder(f.file)}/ may import only ${["its own folder", ...(MOCK_FOLDERS[mockFolder(f.file)!] ?? [])].join(", ")})`,
      ),
    ).toEqual([]);
  });

  it("inside core/, generated → http → inspect → store → sessions → operations → control → app: each imports only its own layer and those below", () => {
    const files = sources(`${MOCK_SRC}core`);
    expect(
      files.filter((file) => coreLayer(file) === -1),
      "files of no layer of core/",
    ).toEqual([]);
    const upward = files
      .flatMap(importsOf)
      .filter(({ file, target }) => target !== undefined && coreLayer(target) > coreLayer(file));
    expect(upward.map((f) => `${describeImport(f)} (${CORE_LAYERS[coreLayer(f.target!)]} is above)`)).toEqual([]);
  });

  it("the mock's entry files are thin: they re-export folder barrels and import nothing else", () => {
    const entries = sources("packages/mock/src").filter((file) => mockFolder(file) === "entry");
    expect(entries.length).toBeGreaterThan(0);
    const found = entries.flatMap(importsOf);
    // The CLI is a program: it also uses Node's own modules.
    const other = found.filter(
      ({ file, specifier, target }) =>
        !(target !== undefined && isBarrel(target)) && !(/\/cli\.ts$/.test(file) && specifier.startsWith("node:")),
    );
    expect(other.map(describeImport)).toEqual([]);
  });

  it("no hand-written file of the mock's src/ is over 200 lines", () => {
    const long = sources("packages/mock/src")
      .filter((file) => !file.includes("/generated/"))
      .map((file) => [file, readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1] as const)
      .filter(([, lines]) => lines > 200);
    expect(long.map(([file, lines]) => `${file}: ${lines} lines`)).toEqual([]);
  });

  it("the API reference page (packages/mock/reference/) uses the library's entries and core/, nothing of its adapters", () => {
    const found = sources("packages/mock/reference").flatMap(importsOf);
    expect(found.length).toBeGreaterThan(0);
    const reaching = found.filter(
      ({ target }) =>
        target !== undefined &&
        !target.startsWith("packages/mock/reference/") &&
        !(mockFolder(target) === "entry" || mockFolder(target) === "core"),
    );
    expect(reaching.map(describeImport)).toEqual([]);
  });
});

/** The workspace's packages (pnpm-workspace.yaml: packages/*, examples/*, docs), as repository folders. */
function workspacePackages(): string[] {
  return execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "packages", "examples", "docs"],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter((file) => /^(packages\/[^/]+|examples\/[^/]+|docs)\/package\.json$/.test(file))
    .map((file) => path.posix.dirname(file));
}

/** Every code file of a package, its tests, scripts and configs included. */
function codeFiles(dir: string): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", dir], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|mts|cts)$/.test(file) && !file.includes("/generated/"))
    .filter((file) => existsSync(path.join(ROOT, file)));
}

/** A string that starts as a relative path (`./`, `../`, `..`), up to its end or its first `${`. */
const RELATIVE_STRING = /["'`](\.{1,2}(?:\/[^"'`$\n]*)?)(?=["'`$])/g;

/**
 * The files that may reach out of their package, and why: the contract reads the document at the
 * repository's root and writes the generated files into the packages that hold them; the docs' test of
 * the code-sample runner imports that script from the repository's root, which is no package to depend on.
 */
const REACHING_OUT: Record<string, string> = {
  "packages/contract/src/document-source.js": "opens openapi/petstore.yaml, which only the contract reads",
  "packages/contract/src/interface-version.js": "reads and writes openapi/interface-version.json",
  "packages/contract/scripts/generate.mjs": "writes the generated folders of the mock, the SDK and @petstore/query",
  "packages/contract/src/api-diff/root.js":
    "the change gate reads the documents, .changeset/ and the packages' manifests, and compiles against their sources",
  "docs/test/code-samples.test.ts": "tests scripts/run-code-samples.mjs, a script of the repository's root",
  // The docs pages are prose, not a package's exports: these tests hold the mock to what the pages promise.
  "packages/conformance/test/parity.test.ts": "reads the servers' documented differences in docs/mock/servers.md",
  "packages/conformance/test/runtimes/suite.ts": "reads the Deno and Bun commands docs/mock/servers.md documents",
  "examples/cloudflare-worker/test/parity.test.ts": "reads the Worker's documented differences in docs/mock/servers.md",
  "packages/mock/test/control-snapshot.test.ts": "reads the snapshot docs/mock/sessions.md shows",
};

describe("bins", () => {
  // pnpm and npm link a bin when the package is installed, before any build: a bin in dist/ is not
  // linked in a fresh clone, and `pnpm exec` then cannot find it.
  it("every bin of a package is a committed file (a launcher of dist/, not dist/ itself)", () => {
    const tracked = new Set(codeFiles("packages"));
    const bins = workspacePackages()
      .filter((dir) => dir.startsWith("packages/"))
      .flatMap((dir) => {
        const manifest = JSON.parse(readFileSync(path.join(ROOT, dir, "package.json"), "utf8"));
        return Object.values<string>(manifest.bin ?? {}).map((bin) => path.posix.join(dir, bin));
      });
    expect(bins.length).toBeGreaterThan(1);
    expect(bins.filter((bin) => !tracked.has(bin))).toEqual([]);
  });
});

describe("packages use each other by name", () => {
  it("no relative import or path string of a package's source, tests, scripts or configs leaves the package", () => {
    const packages = workspacePackages();
    expect(packages.length).toBeGreaterThan(5);
    const leaving = packages.flatMap((dir) =>
      codeFiles(dir)
        .filter((file) => !(file in REACHING_OUT))
        .flatMap((file) => {
          const imported = new Set(importsOf(file).map(({ specifier }) => specifier));
          const text = readFileSync(path.join(ROOT, file), "utf8")
            .replace(/\/\*[\s\S]*?\*\//g, "")
            .replace(/^\s*\/\/.*$/gm, "");
          return [...text.matchAll(RELATIVE_STRING)]
            .map((match) => match[1]!)
            .filter((relative) => {
              const target = path.posix.join(path.posix.dirname(file), relative);
              return target !== dir && !target.startsWith(`${dir}/`);
            })
            .map((relative) =>
              imported.has(relative)
                ? `${file} imports ${relative}, outside ${dir}/: import the package by name`
                : `${file} names the path "${relative}", outside ${dir}/: find the package by name (package resolution)`,
            );
        }),
    );
    expect(leaving).toEqual([]);
  });
});
