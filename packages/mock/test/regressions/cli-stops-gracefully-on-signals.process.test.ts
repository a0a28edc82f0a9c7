import { request } from "node:http";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { killStarted, runCli, startCli } from "@petstore/testing/cli";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/index.js";

// The bug: petstore-mock installed its SIGINT/SIGTERM handlers only after printing the
// ready line, so a SIGTERM sent as soon as the line appeared killed the process (exit by signal,
// status 143). And on a signal it destroyed every connection at once, so a request in flight got a
// reset instead of its response. Fix: handlers first; on a signal, stop accepting, let requests in
// flight finish (up to 5 s), then exit 0. The CLI runs from src/, so that no build is needed.
afterEach(killStarted);
const fromSource = { from: "source" } as const;

const sigtermOnReadyLine = fileURLToPath(new URL("./fixtures/sigterm-on-ready-line.mjs", import.meta.url));

/** Sends a GET on its own connection; resolves with the status and the whole body. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}`, { headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode!, body }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Resolves with the error code of a new TCP connection to the port, or "connected". */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const auth = { Authorization: `Bearer ${DEMO_API_KEY}` };

describe("petstore-mock on SIGTERM", () => {
  it("exits 0 when the signal comes the moment the ready line is printed", async () => {
    const run = await runCli([], { ...fromSource, nodeArgs: ["--import", sigtermOnReadyLine] });
    expect({ code: run.code, signal: run.signal }).toEqual({ code: 0, signal: null });
    expect(run.stdout).toContain("stopped (SIGTERM)");
  });

  it("lets a request in flight get its full response, refuses new connections, and exits 0", async () => {
    const cli = await startCli([], fromSource);
    const { url } = cli;
    const delayed = get(`${url}/pets/1`, { ...auth, Prefer: "delay=1500" });
    // Once a later request on another connection is answered, the server has read the delayed one.
    expect((await get(`${url}/pets/2`, auth)).status).toBe(200);
    cli.child.kill("SIGTERM");
    // The server stops listening before it says so (or before it exits, had it not waited).
    await Promise.race([cli.printed("stopping (SIGTERM)").catch(() => undefined), cli.exited]);
    expect(await tryConnect(Number(new URL(url).port))).toBe("ECONNREFUSED");
    const response = await delayed;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ id: 1 });
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.output().stdout).toContain("stopped (SIGTERM)");
  });

  it("does not wait for a request delayed past the grace period, and still exits 0", async () => {
    const cli = await startCli([], fromSource);
    const { url } = cli;
    const delayed = get(`${url}/pets/1`, { ...auth, Prefer: "delay=60000" }).catch((error: Error) => error);
    expect((await get(`${url}/pets/2`, auth)).status).toBe(200);
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(await delayed).toBeInstanceOf(Error);
  }, 20_000);
});
