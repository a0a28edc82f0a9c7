// Shared by the fuzz suites: the seed, the run counts, and the judgement of one response.
import type fc from "fast-check";
import type { FuzzRequest } from "./arbitraries.js";
import type { ApiResponse } from "./targets.js";

/** The seed of this run: `FC_SEED` replays one; printed so any failure can be replayed. */
export const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
/** Multiplies the number of runs: `FC_RUNS=10` for a long local fuzz. */
export const runScale = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 1;

/** fast-check parameters: the seed, `FC_PATH` to replay a reported counterexample path directly. */
export function parameters(numRuns: number): fc.Parameters<unknown> {
  return {
    seed,
    numRuns: Math.max(1, Math.round(numRuns * runScale)),
    ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
    interruptAfterTimeLimit: 120_000,
  };
}

/** The line each fuzz suite prints first, so any run can be replayed. */
export const seedLine = (suite: string) =>
  `[${suite}] fast-check seed ${seed}: replay with FC_SEED=${seed} (and FC_PATH=... from a failure report)`;

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
