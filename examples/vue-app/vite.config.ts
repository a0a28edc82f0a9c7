import { defineConfig } from "vite";

// No Vue plugin: the components are render functions (defineComponent + h) in plain .ts files, which esbuild
// compiles; `vue` resolves to its runtime-only bundler build, all that render functions need.
export default defineConfig(({ mode }) => ({
  // Vue's compile-time flags, which @vitejs/plugin-vue would otherwise set: setup() only, no Options API.
  define: {
    __VUE_OPTIONS_API__: "false",
    __VUE_PROD_DEVTOOLS__: "false",
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: "false",
  },
  build: {
    target: "es2022",
    // public/ holds only msw's mockServiceWorker.js: a production build leaves it out with the rest of the mock.
    copyPublicDir: mode !== "production",
  },
}));
