// @ts-check
// Consumer code written from the base document, one module per consumer, that type-checks against the base's types:
// each operation called with every parameter and body field the base has, every field of its success body read, and
// a `switch` over its error codes (and over each enum of its body) that ends in `exhaustive(…)`, marked
// `// exhaustive`. Against the new document's types an error on a marked line breaks only exhaustive checks; an
// error anywhere else breaks code that used the API as documented. The SDK's calls, @petstore/query's options and
// error types, the SWR hooks and the Next.js tags each get their module.
import { inline } from "../document.js";
import { readOperations } from "../operations.js";
import { typeOf } from "./value-types.js";

/** @typedef {import("../operations.js").DocOperation} DocOperation */
/** @typedef {import("../document.js").Document} Document */

/** The SDK's own codes, which @petstore/query's error types add to the document's. */
const CLIENT_CODES = ["NETWORK_ERROR", "TIMEOUT", "UNEXPECTED_RESPONSE"];
const ALL = () => true;
const HEADER = "function exhaustive(value: never): never {\n  throw new Error(String(value));\n}\n";

/** @param {string} text */
const literal = (text) => JSON.stringify(text);

/**
 * The call's `init`: every path and query parameter and every body field (but read-only ones) of the base, each a
 * value of the type the base's schema gives it (value-types.js), as an app written against the base passes them.
 * @param {DocOperation} operation
 */
export function initOf(operation) {
  const params = ["path", "query"].flatMap((place) => {
    const names = operation.parameters
      .filter((p) => p.in === place)
      .map((p) => `${literal(p.name)}: x as ${typeOf(p.schema)}`);
    return names.length > 0 ? [`${place}: { ${names.join(", ")} }`] : [];
  });
  const fields = operation.body?.schema?.properties;
  const body = fields
    ? `body: { ${Object.entries(fields)
        .filter(([, property]) => !(/** @type {any} */ (property).readOnly))
        .map(([name, property]) => `${literal(name)}: x as ${typeOf(property)}`)
        .join(", ")} }`
    : operation.body && "body: x as never";
  return `{ ${[params.length ? `params: { ${params.join(", ")} }` : "", body ?? ""].filter(Boolean).join(", ")} }`;
}

/**
 * @param {string} value an expression
 * @param {unknown[]} members
 */
export const switchOver = (value, members) =>
  `switch (${value}) {\n${members.map((m) => `    case ${JSON.stringify(m)}:`).join("\n")}\n      break;\n    default:\n      exhaustive(${value}); // exhaustive\n  }`;

/**
 * Reads of every field of the success body (of its first item, for a list), and a switch over each enum field.
 * @param {DocOperation} operation
 * @param {Document} doc
 */
function readsOf(operation, doc) {
  const success = [...operation.responses.values()].find(({ status }) => status < 300);
  if (!success?.schemaPointer) {
    return "";
  }
  const schema = inline({ $ref: success.schemaPointer }, doc);
  const [item, record] = schema.type === "array" ? ["item", schema.items] : ["data", schema];
  const required = new Set(record?.required ?? []);
  const first = schema.type === "array" ? "  const item = data[0]!;\n" : "";
  return (
    first +
    Object.entries(record?.properties ?? {})
      .map(([name, property], index) => {
        const value = `${item}[${literal(name)}]`;
        const read = required.has(name)
          ? `  const read${index}: NonNullable<typeof ${value}> | null = ${value};`
          : `  const read${index} = ${value};`;
        const members = /** @type {any} */ (property).enum;
        return Array.isArray(members) && required.has(name)
          ? `${read}\n  ${switchOver(`read${index}`, members)}`
          : `${read}\n  void read${index};`;
      })
      .join("\n")
  );
}

/** @param {DocOperation} operation */
const codesOf = (operation) => [...new Set(Object.values(operation.errorCodes).flat())];

/**
 * The SDK's module: each operation called through the client.
 * @param {Document} doc
 * @param {(operation: DocOperation) => boolean} [only] the operations to call
 */
export function sdkProbe(doc, only = ALL) {
  const calls = readOperations(doc)
    .filter(only)
    .map((operation) => {
      const call = `client.${operation.method}(${literal(operation.path)}, ${initOf(operation)})`;
      return `export async function ${operation.operationId}Probe() {\n  const { data, error } = await ${call};\n  if (error) {\n  const code = error.code;\n  ${switchOver("code", codesOf(operation))}\n    return;\n  }\n${readsOf(operation, doc)}\n}`;
    });
  return `import { createPetstoreClient } from "@petstore/sdk";\n${HEADER}declare const x: unknown;\nconst client = createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "k" });\n\n${calls.join("\n\n")}\n`;
}

/**
 * @petstore/query's module: each operation's error type, as its query and mutation options carry it (`ErrorOf`);
 * what the options take and give is the SDK's types, which the SDK's module calls.
 * @param {Document} doc
 * @param {(operation: DocOperation) => boolean} [only] the operations to use
 */
export function queryProbe(doc, only = ALL) {
  const uses = readOperations(doc)
    .filter(only)
    .map((operation) => {
      const [method, path] = [literal(operation.method.toLowerCase()), literal(operation.path)];
      const codes = switchOver("code", [...codesOf(operation), ...CLIENT_CODES]);
      return `export function ${operation.operationId}Probe(error: ErrorOf<${method}, ${path}>) {\n  const code = error.code;\n  ${codes}\n}`;
    });
  return `import type { ErrorOf } from "@petstore/query";\n${HEADER}\n${uses.join("\n\n")}\n`;
}

/**
 * The SWR hooks' module: each operation's error as `@petstore/query/swr` types it (`ErrorOf`, which `useSWR` infers
 * from the tuple of `petstore.swr(…)`, and the mutations take). The hook itself: see hookProbe.
 * @param {Document} doc
 * @param {(operation: DocOperation) => boolean} [only] the operations to use
 */
export function swrProbe(doc, only = ALL) {
  return queryProbe(doc, only).replace('from "@petstore/query"', 'from "@petstore/query/swr"');
}

/**
 * A read through the SWR hook itself, `useSWR(...petstore.swr(…))`, with a `switch` over its `error.code`: what
 * proves that the hook's error type follows the document (api-diff-gate.test.ts compiles it).
 * @param {Document} doc
 * @param {string} operationId a read
 */
export function hookProbe(doc, operationId) {
  const operation = readOperations(doc).find((candidate) => candidate.operationId === operationId);
  if (operation?.method !== "GET") {
    throw new Error(`${operationId} is not a read of the document`);
  }
  const call = `petstore.swr("get", ${literal(operation.path)}, ${initOf(operation)})`;
  const codes = switchOver("code", [...codesOf(operation), ...CLIENT_CODES]);
  return `import { createPetstoreClient } from "@petstore/sdk";\nimport { createPetstoreSWR, useSWR } from "@petstore/query/swr";\n${HEADER}declare const x: unknown;\nconst petstore = createPetstoreSWR(createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "k" }));\n\nexport function ${operationId}Probe() {\n  const { error } = useSWR(...${call});\n  if (error) {\n  const code = error.code;\n  ${codes}\n  }\n}\n`;
}

/**
 * The JavaScript `x-codeSamples` that use @petstore/sdk: consumer code the reference page shows, one module each.
 * @param {Document} doc
 * @param {(operation: DocOperation) => boolean} [only] the operations whose samples to take
 * @returns {Record<string, string>}
 */
export function sampleModules(doc, only = ALL) {
  return Object.fromEntries(
    readOperations(doc)
      .filter(only)
      .flatMap((operation) =>
        operation.codeSamples
          .filter(({ source }) => source.includes("@petstore/sdk"))
          .map(({ source }, index) => [`samples/${operation.operationId}-${index}.ts`, source]),
      ),
  );
}

/**
 * The Next.js tags' module: each read's tag and id, each write's id (whose tags its `x-affects` gives).
 * @param {Document} doc
 * @param {(operation: DocOperation) => boolean} [only] the operations to use
 */
export function tagsProbe(doc, only = ALL) {
  const uses = readOperations(doc)
    .filter(only)
    .map(({ method, operationId }) =>
      method === "GET"
        ? `export function ${operationId}Probe(): [PetstoreTag, ReadOperationId] {\n  return [${literal(`petstore:${operationId}`)}, ${literal(operationId)}];\n}`
        : `export function ${operationId}Probe(): WriteOperationId {\n  return ${literal(operationId)};\n}`,
    );
  return `import type { PetstoreTag, ReadOperationId, WriteOperationId } from "@petstore/sdk/tags";\n\n${uses.join("\n\n")}\n`;
}
