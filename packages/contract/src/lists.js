// @ts-check
// What the document says about each list operation (one that answers a page with X-Total-Count): the
// field its records are ordered by, and how each filter parameter selects records (`x-filter`).
import { at, inline, document as petstore } from "./document.js";
import { operations as petstoreOperations } from "./operations.js";

/** @typedef {import("./operations.js").DocOperation} DocOperation */
/** @typedef {import("./document.js").Node} Node */
/** @typedef {import("./document.js").Document} Document */

/**
 * How a filter keeps a record: `equals` (any of the values, for a parameter that repeats), or
 * `contains-case-insensitive` (the field contains the text, compared case-insensitively).
 * @typedef {"equals" | "contains-case-insensitive"} FilterMatch
 */
export const FILTER_MATCHES = /** @type {const} */ (["equals", "contains-case-insensitive"]);

/**
 * @typedef {object} DocFilter
 * @property {string} parameter the query parameter, and the field of the record it selects by
 * @property {FilterMatch} match
 * @property {boolean} repeats whether the parameter may repeat (an array), any value then matching
 */

/**
 * @typedef {object} DocList
 * @property {string} key the field the records are listed by, ascending
 * @property {DocFilter[]} filters
 */

/**
 * The schema of a list's records, when its success response is a JSON array with X-Total-Count.
 * @param {DocOperation} op
 * @param {Document} doc
 * @returns {Node | undefined}
 */
function recordSchema(op, doc) {
  const success = op.responses.get(200);
  if (!success?.schemaPointer || !success.headers.some((header) => header.name === "X-Total-Count")) {
    return undefined;
  }
  return inline(at(success.schemaPointer, doc), doc).items;
}

/**
 * The field the records are ordered by: `id`, else the path parameter of the read of one record
 * (`GET {list path}/{name}`) when the records have that field, as the inventory's `petId`.
 * @param {DocOperation} op
 * @param {Node} record
 * @param {DocOperation[]} operations
 */
function orderKey(op, record, operations) {
  const properties = record.properties ?? {};
  if ("id" in properties) {
    return "id";
  }
  const read = operations.find(
    (candidate) =>
      candidate.method === "GET" &&
      candidate.segments.length === op.segments.length + 1 &&
      candidate.path.startsWith(`${op.path}/{`),
  );
  const name = read?.segments.at(-1)?.slice(1, -1);
  if (name === undefined || !(name in properties)) {
    throw new Error(
      `${op.operationId}: its records have no id, and no read of one record (GET ${op.path}/{field}) names the field they are listed by`,
    );
  }
  return name;
}

/**
 * What the document says about a list operation; `undefined` for any other operation.
 * @param {DocOperation} op
 * @param {DocOperation[]} [operations] the document's operations, among which the read of one record is found
 * @param {Document} [doc] the document they were read from
 * @returns {DocList | undefined}
 */
export function readList(op, operations = petstoreOperations, doc = petstore) {
  const record = recordSchema(op, doc);
  if (!record) {
    return undefined;
  }
  const filters = op.parameters.flatMap((parameter) => {
    if (parameter.filter === undefined) {
      return [];
    }
    const match = /** @type {FilterMatch} */ (parameter.filter);
    if (!FILTER_MATCHES.includes(match)) {
      throw new Error(
        `${op.operationId}: x-filter of ${parameter.name} is ${match}, not one of ${FILTER_MATCHES.join(", ")}`,
      );
    }
    if (!(parameter.name in (record.properties ?? {}))) {
      throw new Error(
        `${op.operationId}: ${parameter.name} has an x-filter, but the listed records have no such field`,
      );
    }
    return [{ parameter: parameter.name, match, repeats: parameter.schema.type === "array" }];
  });
  return { key: orderKey(op, record, operations), filters };
}
