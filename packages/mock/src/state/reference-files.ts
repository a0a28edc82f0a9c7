import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The built API reference in `dir` (`dist/reference` of this package), read with node:fs, which Node, Deno and
 * Bun have: the `ReferenceFiles` the servers' pipeline serves at `/docs/`.
 */
export const referenceFiles = (dir: string) => ({
  read: (name: string): Promise<Uint8Array> => readFile(path.join(dir, name)),
  where: dir,
});
