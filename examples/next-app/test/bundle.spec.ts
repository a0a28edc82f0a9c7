// Nothing of the mock is in the production build: neither the server's code nor the browser's carries the
// mock's own strings, while both carry the SDK's (so the search does find what is there).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

const BUILD = fileURLToPath(new URL("../.next", import.meta.url));

function text(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|mjs|cjs)$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

test("the production build carries the SDK and nothing of the mock", () => {
  for (const part of ["server", "static"]) {
    const code = text(join(BUILD, part));
    expect(code, `.next/${part}: the SDK's code`).toContain("apiKey()");
    for (const ofTheMock of [
      "the mock failed unexpectedly",
      "petstore-snapshot",
      "@msw/data",
      "setupPetstoreServiceWorker",
    ]) {
      expect(code.includes(ofTheMock), `.next/${part} contains "${ofTheMock}"`).toBe(false);
    }
  }
});
