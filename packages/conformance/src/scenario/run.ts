// A scenario that exercises every operation of the document, with its success and its documented
// errors, against the standalone mock's demo data: the plain successes derived from the document's
// samples, the hand-written stories, then every documented error asked for through `Prefer: code`.
// Used with Prism as the referee, and directly.
import type { ApiRequest, ApiResponse } from "@petstore/verify/model";
import { documentedErrorSteps } from "./documented-error-steps.js";
import { sampleSteps } from "./sample-steps.js";
import { scriptedSteps } from "./scripted-steps.js";
import type { Step } from "./step.js";

const scenario: Step[] = [...sampleSteps, ...scriptedSteps, ...documentedErrorSteps];

export interface StepResult {
  step: Step;
  response: ApiResponse;
  /** What went wrong, if anything (wrong status or code, or violations). */
  problems: string[];
}

/** Runs the scenario in order through `send`. */
export async function runScenario(send: (request: ApiRequest) => Promise<ApiResponse>): Promise<StepResult[]> {
  const saved: Record<string, number> = {};
  const results: StepResult[] = [];
  for (const step of scenario) {
    const request = typeof step.request === "function" ? step.request(saved) : step.request;
    const response = await send(request);
    const problems = [...response.violations];
    const code = (response.json as { code?: string } | undefined)?.code;
    if (response.status !== step.status || (step.code !== undefined && code !== step.code)) {
      problems.push(
        `expected ${step.status}${step.code ? ` ${step.code}` : ""}, got ${response.status} ${response.text.slice(0, 300)}`,
      );
    }
    if (step.save && response.status < 300) {
      saved[step.save] = (response.json as { id: number }).id;
    }
    results.push({ step, response, problems });
  }
  return results;
}
