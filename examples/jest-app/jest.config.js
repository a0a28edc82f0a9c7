// Jest 30 runs the same tests twice: once in plain Node and once in a DOM (jsdom), where front-end
// unit tests usually live. TypeScript is stripped by Babel (babel-jest with the TypeScript preset),
// and compiled to CommonJS, so `@petstore/sdk`, `@petstore/mock/node` and msw load their `require`
// builds from dist/; no ESM flag (`--experimental-vm-modules`) is needed.

/** @type {import("jest").Config["transform"]} */
const transform = {
  "\\.(ts|js|mjs)$": [
    "babel-jest",
    {
      babelrc: false,
      configFile: false,
      presets: ["@babel/preset-typescript"],
      plugins: ["@babel/plugin-transform-modules-commonjs", "./test/support/import-meta-url.cjs"],
    },
  ],
};

/** @type {import("jest").Config} */
const shared = {
  transform,
  // An app's sources import each other the ESM way, `./adoption.js`: Jest finds the `.ts` file. The app module
  // (`@petstore/example-vitest-app/adoption`) is reached through a workspace link whose real path is outside
  // node_modules, so it is transformed like the tests.
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  // The workspace's self-check (not needed in a user's app).
  setupFilesAfterEnv: ["<rootDir>/test/self-check.ts"],
  // Dependencies run as they are (CommonJS), except the ESM-only packages that msw's CommonJS build requires
  // (msw 2.15: `rettime`, `until-async`, `@open-draft/deferred-promise`). Babel compiles those to CommonJS;
  // Jest loads them natively on Node 24.9+ only. The optional `.pnpm/` matches pnpm's layout as well as npm's.
  transformIgnorePatterns: ["/node_modules/(?!(\\.pnpm/)?(rettime|until-async|@open-draft[+/]deferred-promise)[@/])"],
};

/** @type {import("jest").Config} */
export default {
  projects: [
    { ...shared, displayName: "node", testEnvironment: "node", globals: { JEST_ENVIRONMENT: "node" } },
    {
      ...shared,
      displayName: "jsdom",
      // jest-environment-jsdom with Node's fetch, Request, Response, streams, AbortSignal, TextEncoder,
      // BroadcastChannel… put back, and package exports resolved without the "browser" condition: see the README.
      testEnvironment: "jest-fixed-jsdom",
      globals: { JEST_ENVIRONMENT: "jsdom" },
    },
  ],
  // A passing run prints the totals only; a failing one names the test, its project and the error.
  silent: true,
  reporters: [["summary", { summaryThreshold: 0 }]],
};
