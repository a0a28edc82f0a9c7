// The x-affects check's words: a write, its parameters and an entry evaluated on the write.

import { evaluateExpression, parseExpression } from "@petstore/contract";
import { isKey, type Write } from "./affects-calls.js";
import type { AffectEntry } from "./affects-table.js";
import { brief } from "./diff.js";
import { Failure } from "./failure.js";

/** Evaluates an `x-affects` runtime expression on a write; `undefined` when it names nothing there. */
export function evaluate(expression: string, write: Write): string | undefined {
  if (!parseExpression(expression)) {
    throw new Failure(
      "x-affects",
      `x-affects of ${write.operation.operationId}: ${expression} is not a runtime expression`,
    );
  }
  const value = evaluateExpression(expression, {
    path: write.params,
    requestBody: write.body,
    responseBody: write.response?.json,
  });
  return isKey(value) ? String(value) : undefined;
}

export const describeWrite = ({ operation, request, body, response }: Write) =>
  `${operation.operationId} (${request.method} ${request.url}${body === undefined ? "" : ` ${brief(body)}`} → ${response?.status})`;

export const describeParams = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(", ");

export const describeEntry = (entry: AffectEntry, write: Write) =>
  describeParams(
    Object.fromEntries(
      Object.entries(entry.parameters).map(([name, expression]) => [
        name,
        `${expression} (= ${evaluate(expression, write) ?? "nothing"})`,
      ]),
    ),
  );
