// The few members of the Bun global serveWithBun uses, declared here so that the package's declarations need
// no Bun types.

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
