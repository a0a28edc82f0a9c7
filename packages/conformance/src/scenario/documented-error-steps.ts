// Every documented error status of every operation, asked for through `Prefer: code` on the
// operation's sample request (the document's examples, from `@petstore/contract`); state is unchanged.
import { errorStatuses, operations } from "@petstore/contract";
import { type Step, sample } from "./step.js";

export const documentedErrorSteps: Step[] = operations.flatMap((operation) =>
  errorStatuses(operation).map((status) => {
    const request = sample(operation.operationId);
    return {
      name: `${operation.operationId}: Prefer code=${status}`,
      request: { ...request, headers: { ...request.headers, Prefer: `code=${status}` } },
      status,
      code: operation.errorCodes[String(status)]![0],
    };
  }),
);
