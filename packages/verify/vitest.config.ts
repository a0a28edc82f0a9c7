import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

// The in-process tier: the model, the reports and the flags, against in-memory backends.
export default defineProject({
  // The tests run against the workspace packages' source (the `@petstore/source` condition of their
  // `exports`, which tsconfig.base.json's `customConditions` names too), so they need no build.
  resolve: { conditions: ["@petstore/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@petstore/source", ...defaultServerConditions] } },
  test: {
    name: "verify",
    include: ["test/**/*.test.ts"],
    exclude: ["test/**/*.process.test.ts", "node_modules/**"],
  },
});
