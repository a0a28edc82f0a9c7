import type { NextConfig } from "next";

// scripts/drop-affects-entry.mjs only: a build into another folder whose `@petstore/sdk/tags` is the tag table
// of a copy of the document with one x-affects entry deleted. Unset (always, but in that script), nothing changes.
const mutant = process.env.PETSTORE_MUTANT_TAGS;

const config: NextConfig = {
  // No image optimisation (and so no `sharp`): the app shows no images.
  images: { unoptimized: true },
  poweredByHeader: false,
  ...(mutant ? { distDir: ".next-mutant", turbopack: { resolveAlias: { "@petstore/sdk/tags": mutant } } } : {}),
};

export default config;
