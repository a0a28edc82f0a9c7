import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "repo",
    include: ["*.test.ts"],
    // The READMEs' commands run last, in a project of their own (vitest.readmes.config.ts).
    exclude: [...configDefaults.exclude, "readmes*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
