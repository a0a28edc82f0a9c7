// 9. The cost of a test file: a vitest file of 50 tests against `setupPetstoreServer` with `reset()`
// after each, against the same file with one hand-written msw handler (the baseline); each file run
// by a fresh `vitest run` process, alternating, median wall time of several.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { log, median, ROOT } from "./lib/common.mjs";

const TESTS = 50;
const VITEST = path.join(
  path.dirname(createRequire(`${ROOT}package.json`).resolve("vitest/package.json")),
  "vitest.mjs",
);
const DIR = path.join(ROOT, "bench/.tmp/test-file-cost");

const FILES = {
  "hand-written msw handler": `import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
const server = setupServer(http.get("http://127.0.0.1:4010/pets", () => HttpResponse.json([{ id: 1, name: "Rex", categoryId: 1, status: "available" }])));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
for (let n = 0; n < ${TESTS}; n++) {
  it(\`test \${n}\`, async () => {
    const response = await fetch("http://127.0.0.1:4010/pets?limit=5");
    expect((await response.json()).length).toBeGreaterThan(0);
  });
}
`,
  "setupPetstoreServer + reset()": `import { setupPetstoreServer } from "@petstore/mock/node";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
const petstore = setupPetstoreServer();
beforeAll(() => petstore.listen({ onUnhandledRequest: "error" }));
afterEach(() => petstore.reset());
afterAll(() => petstore.close());
for (let n = 0; n < ${TESTS}; n++) {
  it(\`test \${n}\`, async () => {
    const response = await fetch("http://127.0.0.1:4010/pets?limit=5", { headers: { Authorization: "Bearer petstore-demo-key" } });
    expect((await response.json()).length).toBeGreaterThan(0);
  });
}
`,
};

function runFile(file) {
  const started = performance.now();
  execFileSync(process.execPath, [VITEST, "run", "--root", DIR, "--reporter=dot", file], {
    cwd: DIR,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return performance.now() - started;
}

export default async function testFileCost({ smoke }) {
  const runs = smoke ? 1 : 7;
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  // In this workspace @petstore/mock resolves through a symlink to packages/mock/dist, outside node_modules, so
  // vitest would transform its bundle in every file as if it were the project's own source (about 250 ms a
  // file); installed from npm it sits in node_modules, which vitest loads untransformed. This config loads it
  // as an installed package is loaded.
  writeFileSync(
    path.join(DIR, "vitest.config.mjs"),
    `export default { test: { include: ["*.test.mjs"], server: { deps: { external: [/\\/packages\\/mock\\/dist\\//] } } } };\n`,
  );
  const names = Object.keys(FILES);
  for (const [index, name] of names.entries()) {
    writeFileSync(path.join(DIR, `file-${index}.test.mjs`), FILES[name]);
  }
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const [index, name] of names.entries()) {
      times[name].push(runFile(`file-${index}.test.mjs`));
    }
  }
  const [baseline, ours] = names.map((name) => median(times[name]));
  log(
    `test file cost: hand-written ${baseline.toFixed(0)} ms, setupPetstoreServer ${ours.toFixed(0)} ms (${TESTS} tests, median of ${runs})`,
  );
  return { runs, tests: TESTS, baseline, ours, ratio: ours / baseline, times };
}
