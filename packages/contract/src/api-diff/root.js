// @ts-check
// The repository's root, where the gate finds the documents, the changesets and the packages.
import { fileURLToPath } from "node:url";

/** The repository's root. */
export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
