// @ts-check
// The generated files that @petstore/sdk and @petstore/mock each hold a copy of, and why two copies.

/** The files written byte for byte the same into both packages' generated folders. */
export const TWO_COPY_FILES = /** @type {const} */ (["schema.ts", "describe-validation-error.ts", "shorten.ts"]);

/**
 * The first lines of each such copy: each published package bundles its own (tsup inlines the types into
 * its d.ts), and the mock does not depend on the SDK, so neither may import the other's copy.
 */
export const TWO_COPIES_NOTE =
  "// Written the same into packages/sdk/src/generated/ and packages/mock/src/core/generated/: each published\n" +
  "// package bundles its own copy, and the mock does not depend on the SDK. `pnpm generate:check` fails if they differ.\n";

/**
 * A generated file as each of the two packages holds it.
 * @param {string} source
 */
export const twoCopyFile = (source) => `${TWO_COPIES_NOTE}${source}`;
