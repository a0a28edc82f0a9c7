// state/: what the servers keep in and read from files, over node:fs, which Node, Deno and Bun all have: every
// session kept in a file (the state file format), and the built API reference.
export { type DurableState, type KeepStateOptions, keepStateInFile } from "./durable-state.js";
export { referenceFiles } from "./reference-files.js";
export { StateFileError } from "./state-file.js";
