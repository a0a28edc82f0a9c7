// state/: the default session kept in a file (the snapshot format), over node:fs, which Node, Deno and Bun all have.
export { type DurableState, keepStateInFile } from "./durable-state.js";
export { StateFileError } from "./state-file.js";
