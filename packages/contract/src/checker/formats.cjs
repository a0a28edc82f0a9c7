// @ts-check
// The formats the checker knows: ajv-formats' full set and the document's int32/int64. CommonJS, so
// the checker's compiled validators (compiled.js, a CommonJS module written once per run) require it too.
const { fullFormats } = require("ajv-formats/dist/formats");

/** @type {Record<string, import("ajv").Format>} */
module.exports.formats = {
  ...fullFormats,
  int64: { type: "number", validate: (/** @type {number} */ value) => Number.isSafeInteger(value) },
  int32: { type: "number", validate: (/** @type {number} */ value) => Number.isInteger(value) },
};
