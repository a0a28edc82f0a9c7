// test:unit's file order (scripts/slow-files-first.mjs): long files start first, and a project that shares one module
// graph keeps its files next to each other, since vitest reuses a worker only for the next file of the same project.
import { describe, expect, it } from "vitest";
import { longFilesFirst } from "../slow-files-first.mjs";

const spec = (project: string, file: string, isolate = true) => ({
  moduleId: `/repo/${project}/test/${file}`,
  project: { name: project, config: { isolate } },
});
const order = (specs: ReturnType<typeof spec>[]) =>
  longFilesFirst(specs).map((one) => `${one.project.name}/${one.moduleId.split("/").at(-1)}`);

describe("test:unit's file order", () => {
  it("starts the long files of isolated projects first, and keeps vitest's order otherwise", () => {
    expect(
      order([
        spec("a", "quick.test.ts"),
        spec("a", "page.e2e.test.ts"),
        spec("b", "cli.process.test.ts"),
        spec("b", "x.test.ts"),
      ]),
    ).toEqual(["a/page.e2e.test.ts", "b/cli.process.test.ts", "a/quick.test.ts", "b/x.test.ts"]);
  });

  it("moves a shared project with long files up as one block, its long files first", () => {
    expect(
      order([
        spec("a", "quick.test.ts"),
        spec("shared", "one.test.ts", false),
        spec("other-shared", "two.test.ts", false),
        spec("shared", "sweep.seeds-1.test.ts", false),
        spec("b", "cli.process.test.ts"),
        spec("shared", "three.test.ts", false),
      ]),
    ).toEqual([
      "b/cli.process.test.ts",
      "shared/sweep.seeds-1.test.ts",
      "shared/one.test.ts",
      "shared/three.test.ts",
      "a/quick.test.ts",
      "other-shared/two.test.ts",
    ]);
  });
});
