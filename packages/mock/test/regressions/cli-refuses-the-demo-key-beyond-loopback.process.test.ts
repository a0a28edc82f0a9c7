import { killStarted, startCli } from "@petstore/testing/cli";
import { afterEach, expect, it } from "vitest";

// `--host 0.0.0.0` used to start silently, although every machine on the network could then call the mock with
// the demo key printed in the README; then it only warned, while Deno, Bun and the Worker refused the demo key
// there (issue 45). Now the CLI applies the same demo-key policy: refused beyond loopback unless --api-key or
// --allow-demo-key says otherwise. The CLI runs from src/, so that no build is needed.
afterEach(killStarted);
const fromSource = { from: "source" } as const;
const DEMO = { Authorization: "Bearer petstore-demo-key" };

/** The CLI bound to every interface, called over loopback (the policy follows the host bound, not the caller's). */
async function onEveryInterface(...flags: string[]) {
  const cli = await startCli(["--host", "0.0.0.0", "--port", "0", "--empty", ...flags], fromSource);
  await cli.printed("  Try: ");
  const port = new URL(cli.url).port;
  return { cli, origin: `http://127.0.0.1:${port}` };
}

it("refuses the demo key beyond loopback with a 401 that says how to set keys, and warns on stderr", async () => {
  const { cli, origin } = await onEveryInterface();
  const answer = await fetch(`${origin}/pets?limit=1`, { headers: DEMO });
  expect(answer.status).toBe(401);
  const body = (await answer.json()) as { code: string; message: string };
  expect(body.code).toBe("UNAUTHORIZED");
  expect(body.message).toContain("does not open a mock bound to 0.0.0.0");
  expect(body.message).toContain("--api-key KEY");
  expect(body.message).toContain("--allow-demo-key");
  expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
  cli.child.kill("SIGTERM");
  await cli.exited;
  expect(cli.output().stderr).toBe(
    "petstore-mock: warning: --host 0.0.0.0 makes the mock reachable from other machines on your network; the demo key petstore-demo-key is refused there: pass --api-key KEY (or --allow-demo-key to accept it on purpose), or use --host 127.0.0.1 to keep it on this one\n",
  );
});

it("accepts the demo key beyond loopback with --allow-demo-key, and still warns", async () => {
  const { cli, origin } = await onEveryInterface("--allow-demo-key");
  expect((await fetch(`${origin}/pets?limit=1`, { headers: DEMO })).status).toBe(200);
  cli.child.kill("SIGTERM");
  await cli.exited;
  expect(cli.output().stderr).toContain("reachable from other machines on your network with the demo key");
});

it("takes your own keys beyond loopback, and names no demo key", async () => {
  const { cli, origin } = await onEveryInterface("--api-key", "team-secret");
  const team = { Authorization: "Bearer team-secret" };
  expect((await fetch(`${origin}/pets?limit=1`, { headers: team })).status).toBe(200);
  expect((await fetch(`${origin}/pets?limit=1`, { headers: DEMO })).status).toBe(401);
  cli.child.kill("SIGTERM");
  await cli.exited;
  expect(cli.output().stderr).toContain("reachable from other machines on your network; use --host 127.0.0.1");
});

it("stays silent on loopback, where the demo key needs nothing", async () => {
  for (const host of ["127.0.0.1", "localhost"]) {
    const cli = await startCli(["--host", host, "--port", "0", "--empty"], fromSource);
    await cli.printed("  Try: ");
    expect((await fetch(`${cli.url}/pets?limit=1`, { headers: DEMO })).status).toBe(200);
    cli.child.kill("SIGTERM");
    await cli.exited;
    expect(cli.output().stderr).toBe("");
  }
});
