import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

// The in-process tier: the model, the reports and the flags, against in-memory backends. The tests
// run against the workspace packages' source (the `@petstore/source` condition), so they need no build.
export default defineProject({
  resolve: { conditions: ["@petstore/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@petstore/source", ...defaultServerConditions] } },
  test: {
    name: "verify",
    // One module graph for every file (the mock, the model, vitest's own): importing them again per file cost about a
    // third of the project's CPU. No test changes a global; each builds its backends and reports of its own.
    isolate: false,
    include: ["test/**/*.test.ts"],
    exclude: ["test/**/*.process.test.ts", "node_modules/**"],
  },
});
