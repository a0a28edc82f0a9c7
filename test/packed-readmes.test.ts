// A published package's README is read on npm and in node_modules, beside the tarball's files only: every
// relative link in it must land on a file of the tarball (`pnpm pack --dry-run` lists them); what lives
// elsewhere in the repository is linked absolutely, under the package.json `repository`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { linkTargets, ROOT } from "./support/readme-blocks.js";

const published = execFileSync("git", ["ls-files", "packages/*/package.json"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter(Boolean)
  .map((file) => ({ dir: path.posix.dirname(file), manifest: JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) }))
  .filter(({ manifest }) => manifest.private !== true);

/** The repository every published package names: the one the changesets config and the document's contact use. */
const REPOSITORY = "https://github.com/petstore/petstore-sdk";

const isRelative = (target: string) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target);

it("finds the published packages", () => {
  expect(published.length).toBeGreaterThan(3);
});

describe.each(published.map(({ dir, manifest }) => [manifest.name as string, dir, manifest] as const))(
  "%s",
  (_name, dir, manifest) => {
    it("names its repository, and the folder in it", () => {
      expect(manifest.repository).toEqual({ type: "git", url: `git+${REPOSITORY}.git`, directory: dir });
    });

    it("links from its README only files of its tarball, or absolute addresses", () => {
      const packed = JSON.parse(
        execFileSync("pnpm", ["pack", "--dry-run", "--json"], { cwd: path.join(ROOT, dir), encoding: "utf8" }),
      ) as { files: { path: string }[] };
      const files = packed.files.map((file) => file.path);
      expect(files).toContain("README.md");
      const readme = readFileSync(path.join(ROOT, dir, "README.md"), "utf8");
      const broken = linkTargets(readme)
        .filter(({ target }) => isRelative(target))
        .filter(({ target }) => {
          const file = path.posix.normalize(decodeURIComponent(target.replace(/[#?].*$/, "")));
          return !files.some(
            (packedFile) => packedFile === file || packedFile.startsWith(`${file.replace(/\/$/, "")}/`),
          );
        })
        .map(
          ({ line, target }) =>
            `${dir}/README.md:${line}: ${target} is not in the tarball: link ${REPOSITORY}/blob/main/… or add it to "files"`,
        );
      expect(broken).toEqual([]);
    });
  },
);
