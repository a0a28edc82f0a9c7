// 8. The cost of importing the mock: `import("@petstore/mock/node")` against `import("msw/node")`, and
// `import("@petstore/mock")` against `import("msw")`, each in a fresh Node process (median of several),
// alternating, from the mock's folder so both resolve the mock's own msw. What a test file pays once.
import { execFileSync } from "node:child_process";
import { log, MOCK_DIR, median } from "./lib/common.mjs";

export const IMPORTS = {
  "msw/node": "msw/node",
  "@petstore/mock/node": "@petstore/mock/node",
  msw: "msw",
  "@petstore/mock": "@petstore/mock",
};

/** Milliseconds one fresh process spends in `import(specifier)`, measured inside it (no process start-up). */
function importMs(specifier) {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: MOCK_DIR,
    encoding: "utf8",
  });
  return Number(output.trim());
}

/**
 * Where `@petstore/mock/node`'s time goes, in one fresh process: `msw/node`, then msw's `http` on top of it (what
 * the mock's Node entry loads of msw besides), then the mock's own code (store, operations, validators) on top.
 */
function breakDownMs() {
  const script = `const at = [performance.now()];
await import("msw/node"); at.push(performance.now());
await import("msw/core/http").catch(() => import("msw/http")); at.push(performance.now());
await import("@petstore/mock/node"); at.push(performance.now());
console.log(JSON.stringify(at.slice(1).map((t, i) => t - at[i])));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: MOCK_DIR,
    encoding: "utf8",
  });
  return JSON.parse(output);
}

export default async function importCost({ smoke }) {
  const runs = smoke ? 1 : 11;
  const times = Object.fromEntries(Object.keys(IMPORTS).map((name) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const [name, specifier] of Object.entries(IMPORTS)) {
      times[name].push(importMs(specifier));
    }
  }
  const ms = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
  const parts = Array.from({ length: runs }, breakDownMs);
  const breakDown = {
    mswNode: median(parts.map((part) => part[0])),
    mswHttp: median(parts.map((part) => part[1])),
    mock: median(parts.map((part) => part[2])),
  };
  const nodeRatio = ms["@petstore/mock/node"] / ms["msw/node"];
  const indexRatio = ms["@petstore/mock"] / ms.msw;
  log(
    `import cost: msw/node ${ms["msw/node"].toFixed(0)} ms, @petstore/mock/node ${ms["@petstore/mock/node"].toFixed(0)} ms (${nodeRatio.toFixed(2)}×); msw ${ms.msw.toFixed(0)} ms, @petstore/mock ${ms["@petstore/mock"].toFixed(0)} ms (${indexRatio.toFixed(2)}×)`,
  );
  return { runs, ms, times, nodeRatio, indexRatio, breakDown };
}
