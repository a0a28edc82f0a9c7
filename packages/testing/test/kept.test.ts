import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { KEPT_DIR, kept, moduleFiles } from "../src/kept.js";

// A result computed once per content: the same key and the same bytes in every file it read share one computation;
// a changed byte, a file gone or another key computes again.
const root = mkdtempSync(join(tmpdir(), "petstore-kept-test-"));
// A kind of its own per run, so results of earlier runs are not what this run finds.
const kind = `kept-fixture-${Date.now()}-${process.pid}`;
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  for (const entry of readdirSync(KEPT_DIR).filter((name) => name.startsWith(`${kind}-`))) {
    rmSync(join(KEPT_DIR, entry), { recursive: true, force: true });
  }
});

const [a, b] = [join(root, "a.js"), join(root, "b.js")];
let computed = 0;
/** What the computation returns: the count of computations so far, reading both files. */
const result = (key: string, base = root) =>
  kept(kind, key, base, async () => ({ result: { computed: ++computed }, inputs: [a, b] }));

it("computes once for the same key and bytes, and again when a file read changes or the key does", async () => {
  writeFileSync(a, "export const a = 1;\n");
  writeFileSync(b, "export const b = 1;\n");
  expect(await result("x")).toEqual({ computed: 1 });
  expect(await result("x")).toEqual({ computed: 1 });
  expect(await result("y")).toEqual({ computed: 2 });
  // Same size, one byte changed.
  writeFileSync(b, "export const b = 2;\n");
  expect(await result("x")).toEqual({ computed: 3 });
  // Back to the first bytes: that result is still kept.
  writeFileSync(b, "export const b = 1;\n");
  expect(await result("x")).toEqual({ computed: 1 });
  rmSync(a);
  expect(await result("x")).toEqual({ computed: 4 });
});

it("names the module files with their package.json and, for TypeScript, the tsconfig chain", () => {
  const pkg = join(root, "pkg");
  mkdirSync(join(pkg, "src"), { recursive: true });
  writeFileSync(join(root, "tsconfig.base.json"), "{}");
  writeFileSync(join(pkg, "package.json"), "{}");
  writeFileSync(join(pkg, "tsconfig.json"), '{ "extends": "../tsconfig.base.json" }');
  writeFileSync(join(pkg, "src/index.ts"), "export {};\n");
  writeFileSync(join(pkg, "src/plain.js"), "export {};\n");
  const files = moduleFiles(["\0virtual-entry.js", `${join(pkg, "src/index.ts")}?used`, join(pkg, "src/plain.js")]);
  expect(files.sort()).toEqual(
    [
      join(pkg, "src/index.ts"),
      join(pkg, "src/plain.js"),
      join(pkg, "package.json"),
      join(pkg, "tsconfig.json"),
      join(root, "tsconfig.base.json"),
    ].sort(),
  );
});
