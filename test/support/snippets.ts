// The TypeScript snippets of one README as one module, like a doc-test (buildModule: @petstore/contract's, which the
// change gate shares): the snippets in order, their single-line `import { … } from "…"` statements merged at the top
// so each snippet may import what it uses. A TSX snippet is a block scope of its own (`{ … }`) in that module: it sees
// what the TypeScript snippets declare and may declare the same names again, as an aside in React does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Block, ROOT } from "./readme-blocks.js";

export type { Module } from "@petstore/contract/readme-blocks";
export { buildModule } from "@petstore/contract/readme-blocks";

/** Whether the module uses vitest's test hooks, so it has to run inside vitest. */
export function usesTestHooks(source: string): boolean {
  return /\b(beforeAll|beforeEach|afterEach|afterAll)\(/.test(source);
}

/**
 * An excerpt must be the named file's lines, in order, with `// …` standing for what is left out.
 * Returns the problem, if any.
 */
export function excerptProblem(block: Block, file: string): string | undefined {
  const source = path.join(ROOT, path.dirname(block.readme), file);
  let lines: string[];
  try {
    lines = readFileSync(source, "utf8")
      .split("\n")
      .map((line) => line.trim());
  } catch {
    return `${block.readme}:${block.line}: the excerpt names ${file}, which does not exist`;
  }
  let at = 0;
  for (const [index, raw] of block.lines.entries()) {
    const wanted = raw.trim();
    if (wanted === "" || wanted === "// …") {
      continue;
    }
    const found = lines.indexOf(wanted, at);
    if (found < 0) {
      return `${block.readme}:${block.line + 1 + index}: this line of the excerpt is not in ${file} (after its line ${at}): ${wanted}`;
    }
    at = found + 1;
  }
  return undefined;
}
