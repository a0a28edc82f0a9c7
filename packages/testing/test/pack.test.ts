import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { PACK_CACHE, packFolderInto } from "../src/pack.js";

// A package packed once per content: the same files share one tarball, a changed file packs again.
const root = mkdtempSync(join(tmpdir(), "petstore-pack-test-"));

const pkg = join(root, "pkg");
mkdirSync(join(pkg, "dist"), { recursive: true });
// A name of its own per run, so tarballs of earlier runs are not what this run finds.
const name = `petstore-pack-fixture-${Date.now()}-${process.pid}`;
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  for (const kept of readdirSync(PACK_CACHE).filter((entry) => entry.startsWith(`${name}-`))) {
    rmSync(join(PACK_CACHE, kept), { recursive: true, force: true });
  }
});
writeFileSync(join(pkg, "package.json"), JSON.stringify({ name, version: "1.0.0", files: ["dist"] }));

/** Packs the fixture into a new folder: the tarball's name, and the text of its dist/index.js. */
function packed(): { text: string; file: string } {
  const dir = mkdtempSync(join(root, "app-"));
  const file = packFolderInto(pkg, dir);
  const text = execFileSync("tar", ["-xzOf", join(dir, file), "package/dist/index.js"], { encoding: "utf8" });
  return { text, file };
}

it("packs the package as it is now, and again after any file of it changed", () => {
  writeFileSync(join(pkg, "dist/index.js"), "export const build = 1;\n");
  const first = packed();
  expect(first).toEqual({ text: "export const build = 1;\n", file: `${name}-1.0.0.tgz` });
  // Same content: the same tarball, however often.
  expect(packed()).toEqual(first);
  // A rebuild that changes dist/ (same size, same name): the new content.
  writeFileSync(join(pkg, "dist/index.js"), "export const build = 2;\n");
  expect(packed().text).toBe("export const build = 2;\n");
  // A new file in dist/: packed too.
  writeFileSync(join(pkg, "dist/extra.js"), "export {};\n");
  const dir = mkdtempSync(join(root, "app-"));
  const listing = execFileSync("tar", ["-tzf", join(dir, packFolderInto(pkg, dir))], { encoding: "utf8" });
  expect(listing.split("\n").sort()).toContain("package/dist/extra.js");
}, 60_000); // three runs of pnpm pack

it("refuses a package whose packed files it cannot list (no `files`, or a glob in it) instead of sharing a stale one", () => {
  for (const files of [undefined, ["dist/*.js"]]) {
    const other = mkdtempSync(join(root, "other-"));
    writeFileSync(join(other, "package.json"), JSON.stringify({ name: `${name}-other`, version: "1.0.0", files }));
    expect(() => packFolderInto(other, mkdtempSync(join(root, "app-")))).toThrow(/needs a "files" list of plain paths/);
  }
});
