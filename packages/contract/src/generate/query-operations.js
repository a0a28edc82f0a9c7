// @ts-check
// @petstore/query's operation table (src/generated/operations.ts): each operation's id by method and
// path, and for each write the reads its `x-affects` names, so a mutation invalidates exactly those.
import { document } from "../document.js";
import { readOperations } from "../operations.js";
import { GENERATED_BY } from "./banner.js";

/** @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml) */
export function generateQueryOperations(doc = document) {
  const operations = readOperations(doc);
  /** @type {Record<string, { operationId: string, affects: { operationId: string, parameters: Record<string, string> }[] }>} */
  const table = {};
  for (const operation of operations) {
    table[`${operation.method.toLowerCase()} ${operation.path}`] = {
      operationId: operation.operationId,
      affects: operation.affects.map(({ operationId, parameters }) => ({ operationId, parameters })),
    };
  }
  return `${GENERATED_BY}
/** Each operation by \`method path\`: its id, and the read operations its success can change (\`x-affects\`). */
export const operations = ${JSON.stringify(table, null, 2)} as const;
`;
}
