import { killStarted, startCli } from "@petstore/testing/cli";
import { afterEach, expect, it } from "vitest";

// `--host 0.0.0.0` used to start silently, although every machine on the network could then call
// the mock with the demo key printed in the README. The CLI runs from src/, so that no build is needed.
afterEach(killStarted);
const fromSource = { from: "source" } as const;

it("warns on stderr that --host 0.0.0.0 is reachable from the network with the demo key", async () => {
  const cli = await startCli(["--host", "0.0.0.0", "--empty"], fromSource);
  await cli.printed("  Try: ");
  cli.child.kill("SIGTERM");
  await cli.exited;
  expect(cli.output().stderr).toBe(
    "petstore-mock: warning: --host 0.0.0.0 makes the mock reachable from other machines on your network with the demo key petstore-demo-key; use --host 127.0.0.1 to keep it on this one\n",
  );
});

it("names no demo key when only your own keys are accepted", async () => {
  const cli = await startCli(["--host", "0.0.0.0", "--empty", "--api-key", "team-secret"], fromSource);
  cli.child.kill("SIGTERM");
  await cli.exited;
  expect(cli.output().stderr).toContain("reachable from other machines on your network; use --host 127.0.0.1");
});

it("stays silent on loopback", async () => {
  for (const host of ["127.0.0.1", "localhost"]) {
    const cli = await startCli(["--host", host, "--empty"], fromSource);
    await cli.printed("  Try: ");
    cli.child.kill("SIGTERM");
    await cli.exited;
    expect(cli.output().stderr).toBe("");
  }
});
