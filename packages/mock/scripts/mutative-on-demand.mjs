// @ts-check
// The esbuild plugin that hands the bundled @msw/data src/core/store/mutative-on-demand.ts for "mutative": only
// Collection's `update`, which the mock never calls, uses mutative, and a static import would put all of it in every
// browser's first load (test/first-load.dist.test.ts). The mock's build (tsup.config.ts) and the test of @msw/data's
// update through it (test/mutative-on-demand.test.ts) use it, and @petstore/testing's first-load build from source
// (as a Vite plugin); mutative's own import, from that module, is mutative.
import { fileURLToPath } from "node:url";

const ON_DEMAND = fileURLToPath(new URL("../src/core/store/mutative-on-demand.ts", import.meta.url));

/**
 * The module to use for `source` imported by `importer`: the on-demand one for @msw/data's "mutative", else undefined.
 * @param {string} source
 * @param {string | undefined} importer
 */
export const mutativeFor = (source, importer) =>
  source === "mutative" && /[\\/]@msw[\\/]data[\\/]/.test(importer ?? "") ? ON_DEMAND : undefined;

/** @type {import("esbuild").Plugin} */
export const mutativeOnDemand = {
  name: "mutative-on-demand",
  setup(build) {
    build.onResolve({ filter: /^mutative$/ }, (args) => {
      const path = mutativeFor(args.path, args.importer);
      return path === undefined ? undefined : { path };
    });
  },
};
