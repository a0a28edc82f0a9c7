import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configDefaults, defineProject } from "vitest/config";

// The process and socket tier of the mock's tests (README "Tests"): `*.process.test.ts` start the CLI
// (a child process) or the standalone node:http server, or open sockets; the files with a
// `describeEachAdapter` suite run here again, through the adapters of tier `process` (node:http over
// real HTTP; test/support/adapters.ts keeps the list). Time-outs fit a CLI started twice on a loaded machine.
const testDir = fileURLToPath(new URL("./test", import.meta.url));
const adapterSuites = readdirSync(testDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.ts") && !/\.(process|browser|dist)\.test\.ts$/.test(file))
  .filter((file) => readFileSync(`${testDir}/${file}`, "utf8").includes("describeEachAdapter("))
  .map((file) => `test/${file.split("\\").join("/")}`);

export default defineProject({
  test: {
    name: "mock:process",
    // One module graph per worker, not one per file (see packages/mock/vitest.config.ts).
    isolate: false,
    include: ["test/**/*.process.test.ts", ...adapterSuites],
    exclude: [...configDefaults.exclude, "test/modules/**"],
    env: { PETSTORE_MOCK_TEST_TIER: "process" },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ["@petstore/contract/self-check/global-setup"],
    setupFiles: ["./test/setup.ts"],
  },
});
