// The change gate's verdict against the changesets, and what it says when it cannot run: a bump lower than a change
// needs fails naming the change, the package and the bump, and raising it passes; a fixed group shares its bump; bad
// input is one line and exit 2.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDocumentText } from "../src/api-diff/base-document.js";
import { declaredBumps } from "../src/api-diff/changesets.js";
import { judge, requiredBumps, shortfalls, versionBump } from "../src/api-diff/gate.js";
import { reportLines } from "../src/api-diff/report.js";
import { ROOT } from "../src/api-diff/root.js";
import { document } from "../src/document.js";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) {
    rmSync(folder, { recursive: true, force: true });
  }
});

/** A repository root with the workspace's packages' manifests and these changesets. */
function rootWith(changesets: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), "api-diff-"));
  folders.push(root);
  for (const name of ["sdk", "mock", "query", "verify", "contract"]) {
    mkdirSync(path.join(root, "packages", name), { recursive: true });
    cpSync(path.join(ROOT, "packages", name, "package.json"), path.join(root, "packages", name, "package.json"));
  }
  mkdirSync(path.join(root, ".changeset"));
  cpSync(path.join(ROOT, ".changeset/config.json"), path.join(root, ".changeset/config.json"));
  for (const [name, packages] of Object.entries(changesets)) {
    writeFileSync(path.join(root, ".changeset", name), `---\n${packages}\n---\n\nA change.\n`);
  }
  return root;
}

describe("the change gate against the pending changesets", () => {
  it("fails a bump lower than a change needs, naming the change, the package and the bump; a raised bump passes", async () => {
    const next = structuredClone(document);
    next.paths["/pets"]?.post?.["x-affects"].splice(2, 1);
    const changes = await judge(undefined, document, next);
    expect(requiredBumps(changes)).toEqual({ "@petstore/query": "major", "@petstore/sdk": "major" });
    const low = declaredBumps(rootWith({ "a.md": '"@petstore/query": minor\n"@petstore/sdk": major' })).declared;
    const short = shortfalls(changes, low);
    expect(short.map(({ package: pkg, needed }) => `${pkg} ${needed}`)).toEqual(["@petstore/query major"]);
    const lines = reportLines({
      base: "the base",
      changes,
      required: requiredBumps(changes),
      declared: low,
      shortfalls: short,
    });
    expect(lines.at(-1)).toBe(
      "api:diff: x-affects-removed at #/paths/~1pets/post/x-affects needs a major of @petstore/query; the pending changesets declare minor",
    );
    const raised = declaredBumps(rootWith({ "a.md": '"@petstore/query": major\n"@petstore/sdk": major' })).declared;
    expect(shortfalls(changes, raised)).toEqual([]);
  });

  it("gives the packages of a fixed group the highest bump of any of them", () => {
    const { declared } = declaredBumps(
      rootWith({ "a.md": '"@petstore/mock": major', "b.md": '"@petstore/sdk": patch' }),
    );
    expect(declared).toEqual({ "@petstore/mock": "major", "@petstore/sdk": "major" });
  });

  it("says info.version's own bump", () => {
    expect([versionBump("1.0.0", "2.0.0"), versionBump("1.0.0", "1.1.0"), versionBump("1.2.3", "1.2.3")]).toEqual([
      "major",
      "minor",
      "none",
    ]);
  });
});

describe("what the gate cannot judge", () => {
  it("a changeset naming an unknown package or bump: one line", () => {
    expect(() => declaredBumps(rootWith({ "a.md": '"@petstore/sdkk": minor' }))).toThrow(
      /^\.changeset\/a\.md names @petstore\/sdkk, which is not a published package of the workspace/,
    );
    expect(() => declaredBumps(rootWith({ "a.md": '"@petstore/sdk": huge' }))).toThrow(
      /gives @petstore\/sdk the bump huge/,
    );
  });

  it("a document that does not parse, is not OpenAPI 3, or does not lint: one line", () => {
    expect(() => readDocumentText("a: [", "x.yaml")).toThrow(/^x\.yaml does not parse as YAML: /);
    expect(() => readDocumentText("openapi: 2.0\n", "x.yaml")).toThrow(/^x\.yaml is not an OpenAPI 3 document/);
    const broken = structuredClone(document);
    broken.components.responses.NotFound.content["application/json"].schema = { $ref: "#/components/schemas/Error" };
    expect(() => readDocumentText(JSON.stringify(broken), "x.yaml")).toThrow(
      /^x\.yaml does not lint: .*must narrow Error's code/,
    );
  });

  // A process of its own: generous, a loaded machine starts Node slowly.
  it("a base that does not exist: `pnpm api:diff --base REF` prints one line and exits 2", { timeout: 60_000 }, () => {
    const run = spawnSync(process.execPath, ["scripts/api-diff.mjs", "--base", "no-such-ref"], {
      cwd: path.join(ROOT, "packages/contract"),
      encoding: "utf8",
    });
    expect({ status: run.status, stderr: run.stderr, stdout: run.stdout }).toEqual({
      status: 2,
      stderr: "api:diff: --base no-such-ref: no such git ref, or it has no openapi/petstore.yaml\n",
      stdout: "",
    });
  });
});
