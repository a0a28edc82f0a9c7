// @ts-check
// The SDK's operation list (src/generated/operations.ts): each operation's method, path,
// deprecation (its sunset and, from `x-replaced-by`, what replaces it) and stability, so the
// client's types can mark deprecated and unstable calls; and the replacements alone, the only part
// the client needs at run time.
import { document } from "../document.js";
import { operations as petstoreOperations, readOperations, successStatus } from "../operations.js";
import { GENERATED_BY } from "./banner.js";

/**
 * The `Sunset` header value the success response of a deprecated operation announces.
 * @param {import("../operations.js").DocOperation} operation
 */
function sunsetHeader(operation) {
  return operation.responses.get(successStatus(operation))?.headers.find(({ name }) => name.toLowerCase() === "sunset")
    ?.schema.enum?.[0];
}

/**
 * What replaces a deprecated operation, as a call: `GET /pets?id={petId}` (`{petId}`: this operation's
 * path parameter of that name). Throws when `x-replaced-by` names no operation or none of its parameters.
 * @param {import("../operations.js").DocOperation} operation
 * @param {import("../operations.js").DocOperation[]} [operations] the document's operations
 * @returns {string | undefined}
 */
export function replacementOf(operation, operations = petstoreOperations) {
  const { replacedBy } = operation;
  if (!replacedBy) {
    return undefined;
  }
  const where = `${operation.operationId}: x-replaced-by`;
  const target = operations.find(({ operationId }) => operationId === replacedBy.operationId);
  if (!target) {
    throw new Error(`${replacedBy.operationId} is not an operation of the document`);
  }
  let path = target.path;
  const query = [];
  for (const [name, expression] of Object.entries(replacedBy.parameters)) {
    const pathParameter = /^\$request\.path\.(\w+)$/.exec(String(expression))?.[1];
    if (pathParameter && !operation.parameters.some((p) => p.in === "path" && p.name === pathParameter)) {
      throw new Error(`${where}: ${expression} is not a path parameter of ${operation.operationId}`);
    }
    const value = pathParameter ? `{${pathParameter}}` : String(expression);
    const parameter = target.parameters.find((p) => p.name === name);
    if (parameter?.in === "path") {
      path = path.replace(`{${name}}`, value);
    } else if (parameter?.in === "query") {
      query.push(`${name}=${value}`);
    } else {
      throw new Error(`${where}: ${name} is not a path or query parameter of ${target.operationId}`);
    }
  }
  return `${target.method} ${path}${query.length ? `?${query.join("&")}` : ""}`;
}

/** @param {import("../document.js").Document} [doc] the document (by default openapi/petstore.yaml) */
export function generateSdkOperations(doc = document) {
  const operations = readOperations(doc);
  const list = operations.map((operation) => {
    const replacement = replacementOf(operation, operations);
    if (replacement && !operation.deprecated) {
      throw new Error(`${operation.operationId}: x-replaced-by on an operation that is not deprecated`);
    }
    return {
      method: operation.method.toLowerCase(),
      path: operation.path,
      operationId: operation.operationId,
      deprecated: operation.deprecated,
      ...(operation.deprecated ? { sunset: sunsetHeader(operation) } : {}),
      ...(replacement ? { replacement } : {}),
      stability: operation.stability,
    };
  });
  const replacements = Object.fromEntries(
    list.flatMap((entry) =>
      entry.replacement ? [[`${entry.method.toUpperCase()} ${entry.path}`, entry.replacement]] : [],
    ),
  );
  const methods = ["get", "put", "post", "patch", "delete"];
  const signatures = methods.map((method) => {
    const deprecated = operations.filter((op) => op.deprecated && op.method.toLowerCase() === method);
    const members = deprecated.map((op) => {
      const replacement = replacementOf(op, operations);
      const sunset = sunsetHeader(op);
      const at = `Call & { method: "${method}"; path: "${op.path}"`;
      return `    /**
     * ${op.summary}
     * @deprecated ${replacement ? `Use \`${replacement}\` instead. ` : ""}The API deprecated \`${op.method} ${op.path}\`${sunset ? ` (sunset: ${sunset})` : ""}: its responses carry \`Deprecation\` and \`Sunset\` headers.
     */
    <Init extends (${at} })["constraint"]>(
      url: "${op.path}",
      ...init: Extract<(${at}; init: Init })["args"], unknown[]>
    ): (${at}; init: Init })["result"];`;
    });
    return `  ${method}: {${members.length ? `\n${members.join("\n")}\n  ` : ""}};`;
  });
  return `${GENERATED_BY}
export const operations = ${JSON.stringify(list, null, 2)} as const;

/**
 * The types of a call of one operation, in the client's terms: the client gives \`constraint\` (its
 * options), \`args\` (the rest of the arguments) and \`result\`, each read through \`this\` from the
 * \`method\`, \`path\` and \`init\` filled in below.
 */
export interface CallTypes {
  method: unknown;
  path: unknown;
  init: unknown;
  constraint: unknown;
  args: unknown;
  result: unknown;
}

/** The client's signatures of the deprecated operations, by method: each names what replaces it, in the editor. */
export interface DeprecatedCalls<Call extends CallTypes> {
${signatures.join("\n")}
}

/** What replaces each deprecated operation (\`x-replaced-by\`), by method and path template: the client's run-time table. */
export const replacements: Readonly<Record<string, string>> = ${JSON.stringify(replacements, null, 2)};
`;
}
