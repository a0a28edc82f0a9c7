import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { loadDocument } from "@petstore/contract";
import { afterEach, describe, expect, it } from "vitest";
import { syncDocumentVersion } from "../sync-document-version.mjs";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const readJson = async (file: string) => JSON.parse(await readFile(path.join(root, file), "utf8"));
const documentVersion = (dir: string) => String(loadDocument(path.join(dir, "openapi/petstore.yaml")).info.version);

describe("versions", () => {
  it("the SDK, the mock, the document and `petstore-mock --version` carry one version", async () => {
    const sdk = (await readJson("packages/sdk/package.json")).version;
    const mock = (await readJson("packages/mock/package.json")).version;
    const cli = await run(process.execPath, [path.join(root, "packages/mock/bin/petstore-mock.js"), "--version"]);
    expect({ mock, document: await documentVersion(root), cli: cli.stdout.trim() }).toEqual({
      mock: sdk,
      document: sdk,
      cli: sdk,
    });
  });
});

describe("scripts/sync-document-version.mjs (run by `pnpm release:version` after `changeset version`)", () => {
  let copy: string | undefined;
  afterEach(async () => {
    if (copy) {
      await rm(copy, { recursive: true, force: true });
    }
  });

  async function copyWithVersions(sdk: string, mock: string): Promise<string> {
    copy = await mkdtemp(path.join(tmpdir(), "petstore-version-"));
    await cp(path.join(root, "openapi"), path.join(copy, "openapi"), { recursive: true });
    for (const [name, version] of [
      ["sdk", sdk],
      ["mock", mock],
    ] as const) {
      const manifest = await readJson(`packages/${name}/package.json`);
      await cp(path.join(root, `packages/${name}/package.json`), path.join(copy, `packages/${name}/package.json`));
      await writeFile(path.join(copy, `packages/${name}/package.json`), JSON.stringify({ ...manifest, version }));
    }
    return copy;
  }

  it("writes the packages' new version into info.version and changes no other line", async () => {
    const dir = await copyWithVersions("1.4.0", "1.4.0");
    const before = await readFile(path.join(dir, "openapi/petstore.yaml"), "utf8");
    const result = await run(process.execPath, [
      fileURLToPath(new URL("../sync-document-version.mjs", import.meta.url)),
      dir,
    ]);
    expect(result.stdout).toBe("openapi/petstore.yaml: info.version is now 1.4.0\n");
    const after = await readFile(path.join(dir, "openapi/petstore.yaml"), "utf8");
    expect(await documentVersion(dir)).toBe("1.4.0");
    const changed = after.split("\n").filter((line, index) => line !== before.split("\n")[index]);
    expect(changed).toEqual(["  version: 1.4.0"]);
  });

  it("refuses when the two packages carry different versions", async () => {
    const dir = await copyWithVersions("1.4.0", "1.3.1");
    await expect(syncDocumentVersion(dir)).rejects.toThrow(
      "packages/sdk is 1.4.0, packages/mock is 1.3.1: they are released together and must carry one version",
    );
  });
});
