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

/** The mock's layers, bottom first: a file may import its own layer or a lower one. */
const MOCK_LAYERS: [layer: string, pattern: RegExp][] = [
  ["generated", /^packages\/mock\/src\/core\/generated\//],
  ["http", /^packages\/mock\/src\/core\/http\//],
  ["store", /^packages\/mock\/src\/core\/store\//],
  ["operations", /^packages\/mock\/src\/core\/operations\//],
  ["app", /^packages\/mock\/src\/core\/(app|observe|try-it-target)\.[tj]s$/],
  ["adapters", /^packages\/mock\/src\/(fetch|msw|node|browser)\//],
  ["entry points", /^packages\/mock\/src\/(index|node|browser|cli)\.[tj]s$/],
];
const mockLayer = (file: string) => MOCK_LAYERS.findIndex(([, pattern]) => pattern.test(file.replace(/\.js$/, ".ts")));

describe("imports point down", () => {
  it("the contract imports no workspace package: it is the bottom of the house", () => {
    const found = sources("packages/contract/src").flatMap(importsOf);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter(({ specifier }) => specifier.startsWith("@petstore/")).map(describeImport)).toEqual([]);
  });

  it("generated code imports nothing hand-written", () => {
    const generated = [
      "packages/mock/src/core/generated",
      "packages/sdk/src/generated",
      "packages/query/src/generated",
    ].flatMap(sources);
    expect(generated.length).toBeGreaterThan(0);
    const upward = generated
      .flatMap(importsOf)
      .filter(({ target, specifier }) => (target ? !/\/generated\//.test(target) : specifier.startsWith("@petstore/")));
    expect(upward.map(describeImport)).toEqual([]);
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

  it("inside the mock, each layer imports only its own layer and those below", () => {
    const files = sources("packages/mock/src");
    const unplaced = files.filter((file) => mockLayer(file) === -1);
    expect(unplaced, "files of no layer: add them to MOCK_LAYERS and ARCHITECTURE.md").toEqual([]);
    const upward = files
      .flatMap(importsOf)
      .filter(({ file, target }) => target !== undefined && mockLayer(target) > mockLayer(file));
    expect(
      upward.map((found) => `${describeImport(found)} (${MOCK_LAYERS[mockLayer(found.target!)]![0]} is above)`),
    ).toEqual([]);
  });
});
