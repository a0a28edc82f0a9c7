// @ts-check
// Compiles the mock's validators ahead of time with ajv (src/core/generated/validators.js and its types),
// so no code is generated at run time (browsers under a strict CSP).
import Ajv, { _ } from "ajv";
import standaloneCode from "ajv/dist/standalone/index.js";
import { GENERATED_BY } from "./banner.js";
import { withoutAnnotations } from "./json-schema.js";

/** @typedef {import("../document.js").Node} Node */

/**
 * RFC 3339 date-time on a real calendar day (no 30 February); its source is copied into the output.
 * @param {string} value
 */
function isDateTime(value) {
  const match =
    /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i.exec(
      value,
    );
  if (!match) {
    return false;
  }
  const daysInMonth = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return Number(match[3]) <= daysInMonth;
}

const UCS2_LENGTH = `function ucs2length(str){const len=str.length;let length=0;let pos=0;let value;while(pos<len){length++;value=str.charCodeAt(pos++);if(value>=0xd800&&value<=0xdbff&&pos<len){value=str.charCodeAt(pos);if((value&0xfc00)===0xdc00)pos++;}}return length;}`;

/** The validator type, emitted with the validators so generated code depends on nothing hand-written. */
const VALIDATOR_TYPES = `/** The shape of one ajv error, as the compiled validators report it. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A validator compiled ahead of time from the document. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}
`;

/** Collects the JSON schemas to validate, once per distinct schema, and compiles them to one module. */
export class ValidatorSet {
  /**
   * @param {{ allErrors?: boolean, inlineRefs?: boolean }} [options] `allErrors`: report every error, not only the
   *   first (the SDK's form schemas); `inlineRefs: false`: a `$ref` calls the validator it names (see `referring`)
   */
  constructor({ allErrors = false, inlineRefs = true } = {}) {
    this.ajv = new Ajv({
      // Function formats are looked up in a `formats` object that the output defines (see `source`).
      code: { source: true, esm: true, lines: false, formats: _`formats` },
      strict: true,
      strictTypes: false,
      allErrors,
      // false: a `$ref` (see `referring`) calls the validator it names rather than copying its code.
      inlineRefs,
    }).addFormat("date-time", isDateTime);
  }

  /** @type {Record<string, string>} */
  names = {};
  /** @type {Map<string, string>} */
  bySchema = new Map();

  /**
   * Adds a validator; operations that share a shape share the first one's code and name.
   * @param {string} name
   * @param {Node} given
   * @returns {string} the name to look the validator up by
   */
  add(name, given) {
    // What is compiled: the output embeds the schemas its errors quote (an enum's values), prose and all otherwise.
    const schema = withoutAnnotations(given);
    const key = JSON.stringify(schema);
    const existing = this.bySchema.get(key);
    if (existing) {
      return existing;
    }
    this.ajv.addSchema(schema, name);
    this.names[name] = name;
    this.bySchema.set(key, name);
    return name;
  }

  /**
   * `schema` with each part below its root that is a validator already replaced by a reference to it.
   * @param {Node} schema
   * @returns {Node}
   */
  referring(schema) {
    /** @type {(node: unknown, root: boolean) => unknown} */
    const visit = (node, root) => {
      if (!node || typeof node !== "object") {
        return node;
      }
      const existing = root ? undefined : this.bySchema.get(JSON.stringify(node));
      if (existing) {
        return { $ref: existing };
      }
      return Array.isArray(node)
        ? node.map((item) => visit(item, false))
        : Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value, false)]));
    };
    return /** @type {Node} */ (visit(withoutAnnotations(schema), true));
  }

  /** validators.js: the standalone ajv code, with its runtime helpers inlined. */
  source() {
    const code = standaloneCode(this.ajv, this.names).replace(
      /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g,
      "ucs2length",
    );
    if (/require\(/.test(code)) {
      throw new Error("compiled validators still require() a runtime module; inline it in mock-validators.js");
    }
    // Each error's schemaPath: no reader (ValidationError has none; messages name the field from instancePath).
    const withoutSchemaPaths = code.replace(/schemaPath:"(?:[^"\\]|\\.)*",/g, "");
    if (withoutSchemaPaths.includes("schemaPath")) {
      throw new Error("compiled validators still report a schemaPath; drop it in mock-validators.js");
    }
    const formats = `${isDateTime.toString()}\nconst formats = { "date-time": isDateTime };`;
    return `${GENERATED_BY}/* eslint-disable */\n${UCS2_LENGTH}\n${formats}\n${withoutSchemaPaths.replace(/^"use strict";/, "")}\n`;
  }

  /** validators.d.ts: the validator type and one declaration per validator. */
  types() {
    const declarations = Object.keys(this.names).map((name) => `export declare const ${name}: CompiledValidator;`);
    return `${GENERATED_BY}\n${VALIDATOR_TYPES}\n${declarations.join("\n")}\n`;
  }
}
