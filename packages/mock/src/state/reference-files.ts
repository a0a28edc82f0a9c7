import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ReferenceFiles } from "../serve/reference-route.js";

/** The built API reference in `dir` (`dist/reference` of this package), read with node:fs, which Node, Deno and Bun have. */
export const referenceFiles = (dir: string): ReferenceFiles => ({
  read: (name) => readFile(path.join(dir, name)),
  where: dir,
});
