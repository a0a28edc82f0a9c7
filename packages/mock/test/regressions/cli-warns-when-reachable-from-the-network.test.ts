import { afterEach, beforeAll, expect, it } from "vitest";
import { killStartedClis, requireBuiltCli, startCli } from "../support/cli.js";

// `--host 0.0.0.0` used to start silently, although every machine on the network could then call
// the mock with the demo key printed in the README.
beforeAll(requireBuiltCli);
afterEach(killStartedClis);

it("warns on stderr that --host 0.0.0.0 is reachable from the network with the demo key", async () => {
  const cli = startCli(["--host", "0.0.0.0", "--port", "0", "--empty"]);
  await cli.ready;
  await cli.printed("  Try: ");
  cli.child.kill("SIGTERM");
  await cli.exited;
  expect(cli.output().stderr).toBe(
    "petstore-mock: warning: --host 0.0.0.0 makes the mock reachable from other machines on your network with the demo key petstore-demo-key; use --host 127.0.0.1 to keep it on this one\n",
  );
});

it("names no demo key when only your own keys are accepted", async () => {
  const cli = startCli(["--host", "0.0.0.0", "--port", "0", "--empty", "--api-key", "team-secret"]);
  await cli.ready;
  cli.child.kill("SIGTERM");
  await cli.exited;
  expect(cli.output().stderr).toContain("reachable from other machines on your network; use --host 127.0.0.1");
});

it("stays silent on loopback", async () => {
  for (const host of ["127.0.0.1", "localhost"]) {
    const cli = startCli(["--host", host, "--port", "0", "--empty"]);
    await cli.printed("  Try: ");
    cli.child.kill("SIGTERM");
    await cli.exited;
    expect(cli.output().stderr).toBe("");
  }
});
