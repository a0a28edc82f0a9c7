// @ts-check
// @petstore/query's operation table (src/generated/operations.ts): each operation's id by path and method, and for
// each write the reads its `x-affects` names, so a mutation invalidates exactly those. Each entry's runtime
// expressions are parsed here, by the one parser, and written in the runtime module's compact form, so that the
// query bundle carries neither a parser nor a long table (the SWR helpers' size budget: `pnpm bench`, section 5).
import { document } from "../document.js";
import { readOperations } from "../operations.js";
import { compactExpression, parseExpression } from "../runtime/affects-expression.js";
import { GENERATED_BY } from "./banner.js";

/**
 * A word of the table (an operationId, a parameter's name), checked to hold none of the table's separators.
 * @param {string} word
 * @param {string} where
 */
function word(word, where) {
  if (!/^[^\s:=<>]+$/.test(word)) {
    throw new Error(`${where}: ${JSON.stringify(word)} has a space, :, =, < or >, which the query table cannot hold`);
  }
  return word;
}

/**
 * One `x-affects` entry: the read's id, then `:name` and the compact expression of each path parameter it narrows.
 * @param {{ operationId: string, parameters: Record<string, string> }} entry
 * @param {string} operationId the write's
 */
function affect({ operationId: read, parameters }, operationId) {
  const narrowed = Object.entries(parameters).map(([name, expression]) => {
    const parsed = parseExpression(expression);
    if (!parsed) {
      throw new Error(
        `${operationId}: x-affects expression ${JSON.stringify(expression)} is not one of the three forms`,
      );
    }
    try {
      return `:${word(name, operationId)}${compactExpression(parsed)}`;
    } catch (error) {
      throw new Error(
        `${operationId}: x-affects expression ${JSON.stringify(expression)}: ${/** @type {Error} */ (error).message}`,
      );
    }
  });
  return `${word(read, operationId)}${narrowed.join("")}`;
}

/** @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml) */
export function generateQueryOperations(doc = document) {
  /** @type {Record<string, Record<string, string>>} */
  const table = {};
  for (const operation of readOperations(doc)) {
    const entries = [word(operation.operationId, operation.operationId)];
    entries.push(...operation.affects.map((entry) => affect(entry, operation.operationId)));
    const byMethod = table[operation.path] ?? {};
    table[operation.path] = byMethod;
    byMethod[operation.method.toLowerCase()] = entries.join(" ");
  }
  return `${GENERATED_BY}
/**
 * Each operation by path and method: its id, then, for a write, the read operations its success can change
 * (\`x-affects\`), one per space: the read's id, then \`:\` and each path parameter it is narrowed to, by name and
 * where its value comes from (\`compactExpression\` of affects-expression.js: \`=\` a path parameter of the write,
 * \`<\` its request body, \`>\` its response body). \`"createPet listPets getPet:petId>id"\`: createPet makes every pet
 * list stale, and the one pet whose \`petId\` is the response's \`id\`.
 */
export const operations = ${JSON.stringify(table, null, 2)} as const;
`;
}
