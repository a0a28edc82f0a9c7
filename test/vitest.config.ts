import { configDefaults, defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "repo",
    include: ["*.test.ts"],
    // The READMEs' commands are a project of their own, for their limits (vitest.readmes.config.ts).
    exclude: [...configDefaults.exclude, "readmes*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
