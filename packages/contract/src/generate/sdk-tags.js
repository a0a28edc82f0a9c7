// @ts-check
// The SDK's cache-tag table (src/generated/tags.ts, behind `@petstore/sdk/tags`): each read's path
// parameters (a read names a record by them) and each write's `x-affects`, so a server cache (Next.js
// `fetch` tags, any tag-based cache) is revalidated for exactly the reads the document says a write changes.
import { document } from "../document.js";
import { readOperations } from "../operations.js";
import { GENERATED_BY } from "./banner.js";

/** @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml) */
export function generateSdkTags(doc = document) {
  const operations = readOperations(doc);
  /** @type {Record<string, { path: string[] }>} */
  const reads = {};
  /** @type {Record<string, { operationId: string, parameters: Record<string, string> }[]>} */
  const writes = {};
  for (const operation of operations) {
    if (operation.method === "GET") {
      reads[operation.operationId] = {
        path: operation.parameters.filter((parameter) => parameter.in === "path").map(({ name }) => name),
      };
    } else {
      writes[operation.operationId] = operation.affects.map(({ operationId, parameters }) => ({
        operationId,
        parameters,
      }));
    }
  }
  return `${GENERATED_BY}
/** Each read operation by id: the path parameters that name its record (none for a list). */
export const reads = ${JSON.stringify(reads, null, 2)} as const;

/** Each write operation by id: the reads its success can change (\`x-affects\`), narrowed by runtime expressions. */
export const writes = ${JSON.stringify(writes, null, 2)} as const;
`;
}
