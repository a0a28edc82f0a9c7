// @ts-check
// The pending changesets (`.changeset/*.md`) and the bump each declares per package, as `changeset version` will
// apply them: the highest bump any changeset names for a package, shared by the packages of a `fixed` group of
// .changeset/config.json (released together at one version). A changeset naming a package the workspace does not
// publish is an error the gate cannot judge past.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { BUMPS, highest } from "./levels.js";

/** @typedef {import("./levels.js").Bump} Bump */

/** The published packages of the workspace: each `packages/*` package that is not private. @param {string} root */
export function publishedPackages(root) {
  return readdirSync(path.join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      try {
        const manifest = JSON.parse(readFileSync(path.join(root, "packages", entry.name, "package.json"), "utf8"));
        return manifest.private ? [] : [/** @type {string} */ (manifest.name)];
      } catch {
        return [];
      }
    });
}

/**
 * The bumps the pending changesets declare, per package (fixed groups share their highest); throws an Error whose
 * message is one line when a changeset names an unknown package or an unknown bump.
 * @param {string} root the repository's root
 * @returns {{ declared: Record<string, Bump>, files: number }}
 */
export function declaredBumps(root) {
  const folder = path.join(root, ".changeset");
  const known = new Set(publishedPackages(root));
  const config = JSON.parse(readFileSync(path.join(folder, "config.json"), "utf8"));
  /** @type {Record<string, Bump>} */
  const declared = {};
  const files = readdirSync(folder).filter((name) => name.endsWith(".md") && name !== "README.md");
  for (const name of files) {
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(path.join(folder, name), "utf8"))?.[1] ?? "";
    for (const [pkg, bump] of Object.entries(parse(front) ?? {})) {
      if (!known.has(pkg)) {
        throw new Error(
          `.changeset/${name} names ${pkg}, which is not a published package of the workspace (${[...known].join(", ")})`,
        );
      }
      if (!BUMPS.includes(bump) || bump === "none") {
        throw new Error(`.changeset/${name} gives ${pkg} the bump ${bump}; a bump is patch, minor or major`);
      }
      declared[pkg] = highest(declared[pkg] ?? "none", bump);
    }
  }
  for (const group of /** @type {string[][]} */ (config.fixed ?? [])) {
    const shared = highest(...group.map((pkg) => declared[pkg] ?? "none"));
    for (const pkg of group) {
      declared[pkg] = shared;
    }
  }
  return { declared, files: files.length };
}
