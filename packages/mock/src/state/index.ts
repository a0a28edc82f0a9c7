// state/: every session kept in a file (the state file format), over node:fs, which Node, Deno and Bun all have.
export { type DurableState, type KeepStateOptions, keepStateInFile } from "./durable-state.js";
export { StateFileError } from "./state-file.js";
