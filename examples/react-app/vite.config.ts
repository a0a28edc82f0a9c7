import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// No React plugin: Vite compiles .tsx with esbuild, and React 19 needs only the automatic JSX runtime
// (no Fast Refresh in dev: a change reloads the page).
export default defineConfig(({ mode }) => ({
  esbuild: { jsx: "automatic" },
  build: {
    target: "es2022",
    // public/ holds only msw's mockServiceWorker.js: a production build leaves it out with the rest of the mock.
    copyPublicDir: mode !== "production",
    rollupOptions: {
      // Two pages: TanStack Query's (index.html) and SWR's (swr.html).
      input: {
        main: fileURLToPath(new URL("index.html", import.meta.url)),
        swr: fileURLToPath(new URL("swr.html", import.meta.url)),
      },
      onwarn(warning, warn) {
        // TanStack Query marks its hooks "use client" for React Server Components; a client-only app ignores it.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.message.includes('"use client"')) {
          return;
        }
        warn(warning);
      },
    },
  },
}));
