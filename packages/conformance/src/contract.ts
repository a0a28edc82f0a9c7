// The document, read straight from openapi/petstore.yaml (never from the mock's generated files),
// so the conformance suite is an independent reading of the single source of truth.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

export const documentPath = fileURLToPath(new URL("../../../openapi/petstore.yaml", import.meta.url));

/** A JSON schema node as the document writes it. */
export type Schema = { [keyword: string]: unknown };

export const document = parse(readFileSync(documentPath, "utf8")) as Schema & {
  info: Schema & {
    "x-limits": {
      requestBodyBytes: number;
      preferDelayMaxMs: number;
      maxPets: number;
      maxCategories: number;
      maxOrders: number;
    };
  };
  paths: Record<string, Record<string, Schema>>;
  components: Schema & { schemas: Record<string, Schema> };
};

export const limits = document.info["x-limits"];

const escapePointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");
const unescapePointer = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");

/** The node at a JSON pointer such as `#/components/schemas/Id`. */
export function at(pointer: string): unknown {
  return pointer
    .slice(2)
    .split("/")
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[unescapePointer(key)], document);
}

/** Follows `$ref`s; returns the node and the pointer it really lives at. */
export function resolve(node: unknown, pointer: string): { node: Schema; pointer: string } {
  let current = node as Schema;
  let where = pointer;
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    where = current.$ref;
    current = at(where) as Schema;
  }
  return { node: current, pointer: where };
}

export interface DocParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  /** The schema with every `$ref` inlined; `x-ref` keeps the name of a component it came from. */
  schema: Schema;
}

export interface DocHeader {
  name: string;
  pointer: string;
  schema: Schema;
  /** Whether every such response carries it (`required: true`); others may be absent. */
  required: boolean;
}

export interface DocResponse {
  status: number;
  /** Where the response object lives (after following a `$ref` to `components/responses`). */
  pointer: string;
  headers: DocHeader[];
  /** Pointer of the `application/json` schema, when the response has a body. */
  schemaPointer?: string;
  mediaTypes: string[];
}

export interface DocOperation {
  operationId: string;
  method: string;
  path: string;
  pointer: string;
  segments: string[];
  deprecated: boolean;
  parameters: DocParameter[];
  body?: { required: boolean; schema: Schema; pointer: string };
  responses: Map<number, DocResponse>;
  /** The codes each error status documents: the `code` enumeration of its response schema. */
  errorCodes: Record<string, string[]>;
  /** Where each error status's `code` enumeration lives. */
  errorCodePointers: Record<string, string>;
}

/** Inlines every `$ref` (the document has no recursive schema); marks where components came from. */
export function inline(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(inline);
  }
  if (!node || typeof node !== "object") {
    return node;
  }
  const object = node as Schema;
  if (typeof object.$ref === "string") {
    const name = object.$ref.split("/").pop();
    return { ...(inline(at(object.$ref)) as Schema), "x-ref": name };
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, inline(value)]));
}

/** An error response's codes: its schema narrows Error with an `allOf` part whose `code` is an enumeration. */
function narrowedCodes(schema: unknown, responsePointer: string): { codes: string[]; pointer: string } {
  const parts = (resolve(schema, "").node?.allOf as unknown[] | undefined) ?? [];
  for (const [index, part] of parts.entries()) {
    const codes = (resolve(part, "").node.properties as Record<string, Schema> | undefined)?.code?.enum;
    if (Array.isArray(codes)) {
      return {
        codes: codes as string[],
        pointer: `${responsePointer}/content/application~1json/schema/allOf/${index}/properties/code/enum`,
      };
    }
  }
  throw new Error(`${responsePointer}: an error response must narrow Error's code with allOf`);
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function readOperations(): DocOperation[] {
  const operations: DocOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of METHODS) {
      const operation = item[method] as Schema | undefined;
      if (!operation) {
        continue;
      }
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      const parameters = [...shared, ...((operation.parameters as unknown[] | undefined) ?? [])].map((raw) => {
        const parameter = resolve(raw, "").node;
        return {
          name: parameter.name as string,
          in: parameter.in as DocParameter["in"],
          required: Boolean(parameter.required),
          schema: inline(parameter.schema) as Schema,
        };
      });
      const responses = new Map<number, DocResponse>();
      const errorCodes: DocOperation["errorCodes"] = {};
      const errorCodePointers: DocOperation["errorCodePointers"] = {};
      for (const [status, raw] of Object.entries(operation.responses as Record<string, unknown>)) {
        const response = resolve(raw, `${pointer}/responses/${status}`);
        const headers = Object.entries((response.node.headers as Record<string, unknown> | undefined) ?? {}).map(
          ([name, rawHeader]) => {
            const header = resolve(rawHeader, `${response.pointer}/headers/${escapePointer(name)}`);
            return {
              name,
              pointer: header.pointer,
              schema: inline(header.node.schema) as Schema,
              required: header.node.required === true,
            };
          },
        );
        const content = (response.node.content as Record<string, Schema> | undefined) ?? {};
        if (Number(status) >= 400) {
          const narrowed = narrowedCodes(content["application/json"]?.schema, response.pointer);
          errorCodes[status] = narrowed.codes;
          errorCodePointers[status] = narrowed.pointer;
        }
        responses.set(Number(status), {
          status: Number(status),
          pointer: response.pointer,
          headers,
          mediaTypes: Object.keys(content),
          ...(content["application/json"]
            ? { schemaPointer: `${response.pointer}/content/application~1json/schema` }
            : {}),
        });
      }
      let body: DocOperation["body"];
      if (operation.requestBody) {
        const requestBody = resolve(operation.requestBody, `${pointer}/requestBody`);
        const content = requestBody.node.content as Record<string, Schema>;
        body = {
          required: Boolean(requestBody.node.required),
          schema: inline(content["application/json"]!.schema) as Schema,
          pointer: `${requestBody.pointer}/content/application~1json/schema`,
        };
      }
      operations.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        pointer,
        segments: path.split("/").slice(1),
        deprecated: Boolean(operation.deprecated),
        parameters,
        ...(body ? { body } : {}),
        responses,
        errorCodes,
        errorCodePointers,
      });
    }
  }
  return operations;
}

export const operations: readonly DocOperation[] = readOperations();
export const operationById = new Map(operations.map((operation) => [operation.operationId, operation]));

export function operation(operationId: string): DocOperation {
  const found = operationById.get(operationId);
  if (!found) {
    throw new Error(`${operationId} is not an operation of the document`);
  }
  return found;
}

/** The operation the document routes a method and path to (path below the base URL, still percent-encoded). */
export function route(
  method: string,
  path: string,
): { operation: DocOperation; params: Record<string, string> } | null {
  const actual = path.split("/").slice(1);
  for (const candidate of operations) {
    if (candidate.method !== method.toUpperCase() || candidate.segments.length !== actual.length) {
      continue;
    }
    const params: Record<string, string> = {};
    let matches = true;
    candidate.segments.forEach((segment, index) => {
      const value = actual[index]!;
      if (segment.startsWith("{")) {
        if (!value) {
          matches = false;
        }
        params[segment.slice(1, -1)] = value;
      } else if (segment !== value) {
        matches = false;
      }
    });
    if (matches) {
      return { operation: candidate, params };
    }
  }
  return null;
}

/** The statuses an operation may answer through `Prefer: code=NNN`: its documented error statuses. */
export const errorStatuses = (op: DocOperation) => [...op.responses.keys()].filter((status) => status >= 400);

export const successStatus = (op: DocOperation) => [...op.responses.keys()].find((status) => status < 300)!;
