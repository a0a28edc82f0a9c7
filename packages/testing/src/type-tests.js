// @ts-check
// The type tests (`*.test-d.ts`, run by vitest's typecheck under tsc) of a package's vitest project. `pnpm test` runs
// them as a stage of their own (`test:types`, PETSTORE_TYPE_TESTS=only) beside `test:unit` (=off), where they take
// the CPU the unit tests leave idle: vitest runs a project's type tests after all its other test files, so inside
// `test:unit` they were its last half-minute, alone. Unset, a project runs both, as `vitest run --project NAME` does.

/**
 * The `typecheck` options of a project whose type tests are `test/**\/*.test-d.ts` under `tsconfig`.
 * @param {string} tsconfig
 */
export function typeTests(tsconfig) {
  const mode = process.env.PETSTORE_TYPE_TESTS;
  return { enabled: mode !== "off", only: mode === "only", include: ["test/**/*.test-d.ts"], tsconfig };
}
