#!/usr/bin/env node
// `pnpm generate`: writes every file generated from openapi/petstore.yaml and openapi/control.yaml. `--check` writes
// nothing, names every file that differs from what the document produces, and exits 1 if any does.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { generateApiVersion } from "../src/generate/api-version.js";
import { generateControlContract } from "../src/generate/control-contract.js";
import { generateDevtoolsOperations } from "../src/generate/devtools-operations.js";
import { generateMockContract } from "../src/generate/mock-contract.js";
import { generateQueryOperations } from "../src/generate/query-operations.js";
import { generateRecordFields } from "../src/generate/record-fields.js";
import { runtimeModule } from "../src/generate/runtime-modules.js";
import { generateSchemaTypes } from "../src/generate/schema-types.js";
import { generateSdkOperations } from "../src/generate/sdk-operations.js";
import { generateSdkSchemas } from "../src/generate/sdk-schemas.js";
import { generateSdkTags } from "../src/generate/sdk-tags.js";
import { TWO_COPY_FILES, twoCopyFile } from "../src/generate/two-copies.js";
import { checkInterfaceVersion, currentInterface, readInterfaceRecord } from "../src/interface-version.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const mockDir = join(root, "packages/mock/src/core/generated");
const sdkDir = join(root, "packages/sdk/src/generated");
const queryDir = join(root, "packages/query/src/generated");
const verifyDir = join(root, "packages/verify/src/generated");

const mock = generateMockContract();
const control = await generateControlContract();
const sdkSchemas = generateSdkSchemas();
/** The files both the SDK and the mock hold (why: src/generate/two-copies.js), by name. */
const twoCopies = {
  "schema.ts": twoCopyFile(await generateSchemaTypes()),
  "describe-validation-error.ts": twoCopyFile(runtimeModule("describe-validation-error.ts")),
  "shorten.ts": twoCopyFile(runtimeModule("shorten.ts")),
};
/** @type {Record<string, string | undefined>} */
const outputs = {
  [join(mockDir, "contract.ts")]: mock["contract.ts"],
  [join(mockDir, "validators.js")]: mock["validators.js"],
  [join(mockDir, "validators.d.ts")]: mock["validators.d.ts"],
  [join(root, "packages/mock/src/devtools/generated/operations.ts")]: generateDevtoolsOperations(),
  ...Object.fromEntries(Object.entries(control).map(([name, text]) => [join(mockDir, "control", name), text])),
  [join(sdkDir, "operations.ts")]: generateSdkOperations(),
  [join(sdkDir, "api-version.ts")]: generateApiVersion(),
  ...Object.fromEntries(
    TWO_COPY_FILES.flatMap((name) => [
      [join(sdkDir, name), twoCopies[name]],
      [join(mockDir, name), twoCopies[name]],
    ]),
  ),
  [join(sdkDir, "standard-schema.ts")]: runtimeModule("standard-schema.ts"),
  [join(sdkDir, "body-validators.js")]: sdkSchemas["body-validators.js"],
  [join(sdkDir, "body-validators.d.ts")]: sdkSchemas["body-validators.d.ts"],
  [join(sdkDir, "body-schemas.ts")]: sdkSchemas["body-schemas.ts"],
  [join(sdkDir, "tags.ts")]: generateSdkTags(),
  [join(sdkDir, "affects-expression.js")]: runtimeModule("affects-expression.js"),
  [join(queryDir, "operations.ts")]: generateQueryOperations(),
  [join(queryDir, "affects-expression.js")]: runtimeModule("affects-expression.js"),
  // The CLIs' "did you mean --steps?" (petstore-mock's and petstore-verify's flags).
  [join(mockDir, "did-you-mean.ts")]: runtimeModule("did-you-mean.ts"),
  [join(verifyDir, "did-you-mean.ts")]: runtimeModule("did-you-mean.ts"),
  // The order petstore-verify capture writes each record's properties in: the document's, as the mock does.
  [join(verifyDir, "record-fields.ts")]: generateRecordFields(),
};

/** @param {string} file */
function current(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

const check = process.argv.includes("--check");
const staleFiles = Object.keys(outputs).filter((file) => current(file) !== outputs[file]);
const stale = staleFiles.map((file) => relative(root, file));
// Implied by the check above, and said apart: an edit to one copy names the pair that must stay the same.
const differingCopies = TWO_COPY_FILES.filter((name) => current(join(sdkDir, name)) !== current(join(mockDir, name)));
if (check) {
  if (stale.length) {
    console.error(`Out of date with openapi/petstore.yaml (run \`pnpm generate\`):\n  ${stale.join("\n  ")}`);
  }
  if (differingCopies.length) {
    console.error(`The SDK's and the mock's copies differ (run \`pnpm generate\`): ${differingCopies.join(", ")}`);
  }
  if (stale.length || differingCopies.length) {
    process.exit(1);
  }
} else {
  for (const file of staleFiles) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, /** @type {string} */ (outputs[file]));
  }
  console.log(stale.length ? `wrote ${stale.join(", ")}` : "generated files are up to date");
  // info.version is the interface's version, never a package's: say at once when the two have parted
  // (scripts/test/interface-version.test.ts fails on it with the same words).
  const verdict = checkInterfaceVersion(readInterfaceRecord(), currentInterface());
  if (!verdict.agrees) {
    console.log(`note: ${verdict.message}`);
  }
}
