// The few members of the Deno and Bun globals the servers use, declared here so that the package's
// declarations need neither runtime's types.

export interface DenoServer {
  readonly addr: { readonly hostname: string; readonly port: number };
  shutdown(): Promise<void>;
}

export interface DenoGlobal {
  serve(
    options: { hostname?: string; port?: number; onListen?: (address: { hostname: string; port: number }) => void },
    handler: (request: Request, info: { completed?: Promise<void> }) => Promise<Response>,
  ): DenoServer;
}

export interface BunServer {
  readonly port: number;
  stop(closeActiveConnections?: boolean): Promise<void>;
}

export interface BunGlobal {
  serve(options: {
    hostname?: string;
    port?: number;
    /** Seconds a connection may stay silent, waiting for its response included (Bun's default: 10). */
    idleTimeout?: number;
    fetch(request: Request): Promise<Response>;
  }): BunServer;
}

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
