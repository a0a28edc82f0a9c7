// The few members of the Deno global serveWithDeno uses, declared here so that the package's declarations need
// no Deno types.

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
