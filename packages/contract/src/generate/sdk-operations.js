// @ts-check
// The SDK's operation list (src/generated/operations.ts): each operation's method, path,
// deprecation and stability, so the client's types can mark deprecated and unstable calls.
import { operations, successStatus } from "../operations.js";
import { GENERATED_BY } from "./banner.js";

/**
 * The `Sunset` header value the success response of a deprecated operation announces.
 * @param {import("../operations.js").DocOperation} operation
 */
function sunsetHeader(operation) {
  return operation.responses.get(successStatus(operation))?.headers.find(({ name }) => name.toLowerCase() === "sunset")
    ?.schema.enum?.[0];
}

export function generateSdkOperations() {
  const list = operations.map((operation) => ({
    method: operation.method.toLowerCase(),
    path: operation.path,
    operationId: operation.operationId,
    deprecated: operation.deprecated,
    ...(operation.deprecated ? { sunset: sunsetHeader(operation) } : {}),
    stability: operation.stability,
  }));
  return `${GENERATED_BY}
export const operations = ${JSON.stringify(list, null, 2)} as const;
`;
}
