// @ts-check
// @petstore/query's operation table (src/generated/operations.ts): each operation's id by method and
// path, and for each write the reads its `x-affects` names, so a mutation invalidates exactly those. Each entry's
// runtime expressions are parsed here, by the one parser, so that the query bundle carries only their evaluation.
import { document } from "../document.js";
import { readOperations } from "../operations.js";
import { parseExpression } from "../runtime/affects-expression.js";
import { GENERATED_BY } from "./banner.js";

/**
 * An expression as @petstore/query evaluates it: a path parameter's name, or a body's pointer segments.
 * @param {string} expression
 * @param {string} operationId
 */
function parsed(expression, operationId) {
  const result = parseExpression(expression);
  if (!result) {
    throw new Error(`${operationId}: x-affects expression ${JSON.stringify(expression)} is not one of the three forms`);
  }
  return result.from === "path" ? result : { from: result.from, segments: result.segments };
}

/** @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml) */
export function generateQueryOperations(doc = document) {
  const operations = readOperations(doc);
  /** @type {Record<string, { operationId: string, affects: { operationId: string, parameters: Record<string, object> }[] }>} */
  const table = {};
  for (const operation of operations) {
    table[`${operation.method.toLowerCase()} ${operation.path}`] = {
      operationId: operation.operationId,
      affects: operation.affects.map(({ operationId, parameters }) => ({
        operationId,
        parameters: Object.fromEntries(
          Object.entries(parameters).map(([name, expression]) => [name, parsed(expression, operation.operationId)]),
        ),
      })),
    };
  }
  return `${GENERATED_BY}
/** Each operation by \`method path\`: its id, and the read operations its success can change (\`x-affects\`). */
export const operations = ${JSON.stringify(table, null, 2)} as const;
`;
}
