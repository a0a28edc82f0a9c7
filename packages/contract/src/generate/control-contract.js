// @ts-check
// The mock's files of the control API (src/core/generated/control/): its operation table, the validators of
// its bodies and path parameters, and its types, generated from openapi/control.yaml as the API's are from
// openapi/petstore.yaml, by the same generators over the self-contained control document.
import { controlDocument } from "../control.js";
import { GENERATED_BY } from "./banner.js";
import { generateMockContract } from "./mock-contract.js";
import { generateSchemaTypes } from "./schema-types.js";

const FROM_CONTROL = GENERATED_BY.replace("openapi/petstore.yaml", "openapi/control.yaml");

/** @param {string} text */
const fromControl = (text) => (text.startsWith(GENERATED_BY) ? FROM_CONTROL + text.slice(GENERATED_BY.length) : text);

/**
 * Generates packages/mock/src/core/generated/control/{contract.ts, validators.js, validators.d.ts, schema.ts}.
 * @returns {Promise<Record<string, string>>} contents by file name
 */
export async function generateControlContract() {
  const files = generateMockContract(controlDocument);
  return {
    "contract.ts": fromControl(/** @type {string} */ (files["contract.ts"])),
    "validators.js": fromControl(/** @type {string} */ (files["validators.js"])),
    "validators.d.ts": fromControl(/** @type {string} */ (files["validators.d.ts"])),
    "schema.ts": `${FROM_CONTROL}${await generateSchemaTypes(controlDocument)}`,
  };
}
