// Runs a root script the way a person does in a terminal: `pnpm NAME ARGS` in its own process group,
// so that `interrupt()` sends SIGINT to the whole group as Ctrl-C does.
import { fileURLToPath } from "node:url";
import { spawnWatched } from "@petstore/testing/process";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function runScript(name: string, args: string[]) {
  const script = spawnWatched("pnpm", [name, ...args], { cwd: ROOT, detached: true, name: `pnpm ${name}` });
  return {
    /** Resolves once the output contains `text`; rejects if the script exits first. */
    printed: (text: string) => script.printed(text),
    /** Both streams, as they came. */
    output: () => script.output().all,
    interrupt: () => script.signal("SIGINT"),
    exited: script.exited,
  };
}
