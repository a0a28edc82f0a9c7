// The plain success steps of the scenario: for every operation that no story of scripted-steps.ts
// stands for (no step there is named after it), its sample request (the document's examples, from
// `@petstore/contract`) on the demo data, answered with the documented success status. They run
// first, on the demo data the document's examples describe.
import { operations, sampleRequests } from "@petstore/contract";
import { scriptedSteps } from "./scripted-steps.js";
import { type Step, sample } from "./step.js";

const told = new Set(scriptedSteps.map((step) => step.name));

export const sampleSteps: Step[] = operations
  .filter((operation) => !told.has(operation.operationId))
  .map((operation) => ({
    name: operation.operationId,
    request: sample(operation.operationId),
    status: sampleRequests.get(operation.operationId)!.status,
  }));
