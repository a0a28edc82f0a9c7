// Finding the runtime's global (`Deno`, `Bun`), with an Error that names the function for the runtime in use.

type Runtime = "Deno" | "Bun";

const runtimeOf = (): Runtime | "Node" | undefined =>
  "Deno" in globalThis
    ? "Deno"
    : "Bun" in globalThis
      ? "Bun"
      : typeof process !== "undefined" && process.versions?.node
        ? "Node"
        : undefined;

const OTHER_WAYS: Record<Runtime | "Node", string> = {
  Node: "startPetstoreServer from @petstore/mock/node",
  Deno: "serveWithDeno from @petstore/mock/deno",
  Bun: "serveWithBun from @petstore/mock/bun",
};

/** The runtime's global (`Deno`, `Bun`), or an Error that says which function serves the runtime in use. */
export function runtimeGlobal<T>(name: Runtime, caller: string): T {
  const runtime = (globalThis as Record<string, unknown>)[name];
  if (runtime !== undefined && typeof (runtime as { serve?: unknown }).serve === "function") {
    return runtime as T;
  }
  const current = runtimeOf();
  const instead = current && current !== name ? `; under ${current} use ${OTHER_WAYS[current]}` : "";
  throw new Error(`${caller}() needs ${name}${instead}`);
}
