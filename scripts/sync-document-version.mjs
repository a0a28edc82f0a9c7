#!/usr/bin/env node
// Run by `pnpm release:version` after `changeset version`: @petstore/sdk and @petstore/mock are released
// together (a fixed group in .changeset/config.json), so the document's info.version takes their new
// version, and `pnpm generate` then carries it into the generated code (the CLI's --version).
// `node scripts/sync-document-version.mjs [root]`; root defaults to this repository.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { documentPath, setDocumentVersion } from "@petstore/contract";

const RELEASED_TOGETHER = ["packages/sdk", "packages/mock"];
/** The document's path inside a repository (`openapi/petstore.yaml`), as the contract names it. */
const DOCUMENT = path.relative(fileURLToPath(new URL("..", import.meta.url)), documentPath);

/**
 * Writes the packages' shared version into the document's info.version; fails when they differ.
 * @returns {Promise<{ version: string, changed: boolean }>}
 */
export async function syncDocumentVersion(root) {
  const versions = await Promise.all(
    RELEASED_TOGETHER.map(
      async (dir) => JSON.parse(await readFile(path.join(root, dir, "package.json"), "utf8")).version,
    ),
  );
  const version = versions[0];
  if (versions.some((other) => other !== version)) {
    throw new Error(
      `${RELEASED_TOGETHER.map((dir, index) => `${dir} is ${versions[index]}`).join(", ")}: they are released together and must carry one version`,
    );
  }
  return { version, changed: setDocumentVersion(version, path.join(root, DOCUMENT)) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL("..", import.meta.url)));
  try {
    const { version, changed } = await syncDocumentVersion(root);
    console.log(
      changed ? `${DOCUMENT}: info.version is now ${version}` : `${DOCUMENT}: info.version is already ${version}`,
    );
  } catch (error) {
    console.error(`sync-document-version: ${error.message}`);
    process.exit(1);
  }
}
