// @ts-check
// TypeScript 7, the native compiler (@typescript/native-preview): users get it from npm today, so published types
// are checked with it as well as with the workspace's TypeScript 5.9.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The `tsgo` executable, which takes tsc's command line. */
export const TSGO = join(
  dirname(createRequire(import.meta.url).resolve("@typescript/native-preview/package.json")),
  "bin/tsgo",
);
