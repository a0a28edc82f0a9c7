// The judgement of one fuzzed request's response, against what the document promised for it.
import type { ApiResponse } from "@petstore/verify/model";
import type { FuzzRequest } from "./request.js";

const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${request.url} [${request.mutation}]${request.body !== undefined ? ` body ${typeof request.body === "string" ? JSON.stringify(request.body.slice(0, 200)) : `<${request.body.byteLength} bytes>`}` : ""}`;

/**
 * Judges one response: it breaks no rule of the document, it is never a 5xx unless one was asked
 * for, a valid request passes validation, and an invalid one gets the promised status and code.
 */
export function judge(request: FuzzRequest, response: ApiResponse): void {
  const problems: string[] = [...response.violations];
  const code = (response.json as { code?: string } | undefined)?.code;
  const asked = request.expect.kind === "error" && request.expect.status >= 500;
  if (response.status >= 500 && !asked) {
    problems.push(`a ${response.status} nobody asked for`);
  }
  if (request.expect.kind === "valid" && [400, 401, 413].includes(response.status)) {
    problems.push(`a valid request was refused with ${response.status} ${code}`);
  }
  if (request.expect.kind === "error") {
    const { status, codes } = request.expect;
    if (response.status !== status || !codes.includes(code ?? "")) {
      problems.push(
        `expected ${status} ${codes.join(" or ")}, got ${response.status} ${code ?? response.text.slice(0, 80)}`,
      );
    }
  }
  if (problems.length) {
    throw new Error(
      `${describeRequest(request)} → ${response.status} ${response.text.slice(0, 300)}\n  ${problems.join("\n  ")}`,
    );
  }
}
