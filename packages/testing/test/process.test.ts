import { killStarted, runToEnd, spawnWatched } from "@petstore/testing/process";
import { afterEach, expect, it } from "vitest";

afterEach(killStarted);

const node = (code: string): [string, string[]] => [process.execPath, ["-e", code]];

it("resolves printed() with the first match, colour codes left out, from either stream", async () => {
  const child = spawnWatched(
    ...node(`console.error("\\x1b[1mready at http://127.0.0.1:\\x1b[22m5000"); setInterval(() => {}, 1000)`),
  );
  expect(await child.printed(/ready at (http:\S+)/)).toBe("http://127.0.0.1:5000");
  expect(await child.stop()).toEqual({ code: null, signal: "SIGTERM" });
});

it("says how the process ended and what it printed when it ends before printing the text", async () => {
  const child = spawnWatched(...node(`console.log("starting"); console.error("no such file"); process.exit(3)`), {
    name: "the server",
  });
  await expect(child.printed("listening")).rejects.toThrow(
    'the server exited with code 3 before it printed "listening"\nstderr: no such file\nstdout: starting',
  );
});

it("kills a process that prints nothing within the time given, and says so", async () => {
  const child = spawnWatched(...node("setInterval(() => {}, 1000)"), { name: "the silent one" });
  await expect(child.printed("listening", { timeoutMs: 200 })).rejects.toThrow(
    'the silent one printed no "listening" within 200 ms',
  );
  expect(await child.exited).toEqual({ code: null, signal: "SIGKILL" });
});

it("runs to the end, or kills the whole process group after timeoutMs", async () => {
  expect(await runToEnd(...node(`process.stdout.write("out"); process.stderr.write("err")`))).toEqual({
    code: 0,
    signal: null,
    stdout: "out",
    stderr: "err",
    all: "outerr",
    timedOut: false,
  });
  // The shell's child would keep the pipes open, and so the run, if only the shell were killed.
  const run = await runToEnd("bash", ["-c", "sleep 60; echo never"], { detached: true, timeoutMs: 200 });
  expect(run).toMatchObject({ signal: "SIGKILL", timedOut: true, all: "" });
});

it("killStarted() kills every process still running", async () => {
  const children = [1, 2].map(() => spawnWatched(...node("setInterval(() => {}, 1000)")));
  killStarted();
  for (const child of children) {
    expect(await child.exited).toEqual({ code: null, signal: "SIGKILL" });
  }
});
