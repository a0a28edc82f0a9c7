// The browser mock's budget (bench/RESULTS.md, section 5): what a browser loads before the mock answers its first
// request, built from the package's dist/ as Vite ships an app (code splitting, minified, each chunk gzipped), is at
// most 40 kB min+gz over what msw alone loads. The bench counts the same bytes (@petstore/testing/first-load). Byte
// sizes of one build are the same every run: no timing here. Past the budget, the message names the modules the
// first load holds beyond msw's, the largest first, from a build of the source (dist/ names only its chunks).

import { FIRST_LOAD_BUDGET, type FirstLoad, firstLoad, MOCK_ENTRY, MSW_ENTRY } from "@petstore/testing/first-load";
import { expect, it } from "vitest";

/** The modules of `mock`'s first load that msw's has not, the largest first. */
function beyond(mock: FirstLoad, msw: FirstLoad, count: number): string {
  const inMsw = new Set(msw.modules.map(({ module }) => module));
  return mock.modules
    .filter(({ module }) => !inMsw.has(module))
    .slice(0, count)
    .map(({ module, bytes }) => `  ${module}: ${bytes.toLocaleString("en")} B before minifying`)
    .join("\n");
}

it("loads at most 40 kB min+gz over msw before the first request; the rest loads on first use", async () => {
  const [mock, msw] = [await firstLoad(MOCK_ENTRY), await firstLoad(MSW_ENTRY)];
  const over = mock.gzip - msw.gzip;
  if (over > FIRST_LOAD_BUDGET) {
    const fromSource = await firstLoad(MOCK_ENTRY, { conditions: ["@petstore/source"] });
    expect.fail(
      `the first load of @petstore/mock/browser is ${over.toLocaleString("en")} B min+gz over msw's, past the budget ` +
        `of ${FIRST_LOAD_BUDGET.toLocaleString("en")} B; what it holds beyond msw's, the largest first:\n` +
        beyond(fromSource, msw, 15),
    );
  }
  // What no first request uses stays out of the first load: each is a chunk of its own, loaded on first use.
  const lazy = mock.lazy.map(({ name }) => name.replace(/-[A-Z0-9]{8}$/, ""));
  expect(lazy).toEqual(
    expect.arrayContaining([
      "named-states",
      "snapshot-file",
      "state-file-format",
      "store-replica",
      "prefer",
      "json-syntax",
      "session-changes",
      "refusal-words",
      // @msw/data's Collection uses it for its update alone, which the mock never calls (src/core/store/mutative-on-demand.ts).
      "mutative.esm",
    ]),
  );
}, 120_000);
