// The change gate's consumer code (src/api-diff/consumer-files.js, consumer-verdicts.js): which README snippets,
// example files and type tests it takes, the README line each snippet line comes from, which of them a changed
// operation reaches, and the files as they were at a git ref. In-process and without compiling (the corpus,
// api-diff-corpus.test.ts, compiles them).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consumerFiles } from "../src/api-diff/consumer-files.js";
import { filesUsing } from "../src/api-diff/consumer-verdicts.js";
import { ROOT } from "../src/api-diff/root.js";
import { document } from "../src/document.js";

const files = consumerFiles();

describe("the consumer code the change gate compiles", () => {
  it("takes each README's snippets that use the packages as one module, each line with its README line", () => {
    const sdk = files["packages/sdk/README.md"];
    expect(sdk?.kind).toBe("readme");
    const lines = sdk?.text.split("\n") ?? [];
    const at = lines.findIndex((line) => line.includes('client.DELETE("/categories/{categoryId}"'));
    expect(at).toBeGreaterThan(0);
    const readme = readFileSync(path.join(ROOT, "packages/sdk/README.md"), "utf8").split("\n");
    expect(readme[(sdk?.origins?.[at] ?? 0) - 1]).toBe(lines[at]);
    // The verifier's README shows no SDK or query code.
    expect(files["packages/verify/README.md"]).toBeUndefined();
  });

  it("takes the examples' files that import the packages, and the SDK's and the query package's type tests", () => {
    expect(files["examples/react-app/src/App.tsx"]?.kind).toBe("example");
    expect(files["examples/next-app/lib/data.ts"]?.kind).toBe("example");
    expect(files["examples/browser-app/src/config.ts"]).toBeUndefined();
    expect(files["packages/sdk/test/types.test-d.ts"]?.kind).toBe("type-test");
    expect(files["packages/query/test/swr/swr.test-d.ts"]?.kind).toBe("type-test");
    expect(Object.keys(files).filter((name) => name.startsWith("packages/mock/test/"))).toEqual([]);
  });

  it("compiles the files that use a changed operation, and the files that import them", () => {
    const using = Object.keys(filesUsing(files, document, new Set(["deleteCategory"])));
    expect(using).toContain("packages/sdk/README.md");
    expect(using).toContain("examples/react-app/src/App.tsx");
    expect(using).not.toContain("examples/react-app/src/swr/SwrOrder.tsx");
    const inventory = Object.keys(filesUsing(files, document, new Set(["getInventoryItem"])));
    // SwrOrder.tsx reads the stock; swr/main.tsx, which names no operation, renders it.
    expect(inventory).toContain("examples/react-app/src/swr/SwrOrder.tsx");
    expect(inventory).toContain("examples/react-app/src/swr/main.tsx");
    expect(Object.keys(filesUsing(files, document, new Set()))).toEqual([]);
  });

  it("reads the files as they were at a git ref", () => {
    const atHead = consumerFiles("HEAD");
    const changed = execFileSync("git", ["diff", "--name-only", "HEAD"], { cwd: ROOT, encoding: "utf8" }).split("\n");
    const same = Object.keys(files).filter((name) => !changed.includes(name));
    expect(same.length).toBeGreaterThan(20);
    for (const name of same) {
      expect(atHead[name], name).toEqual(files[name]);
    }
  });
});
