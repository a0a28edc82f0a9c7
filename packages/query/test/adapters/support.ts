import { createPetstoreClient } from "@petstore/sdk";
import { createPetstoreQueries, type PetstoreQueriesOptions } from "../../src/index.js";

/** Options over a client that is never called: these files only type-check. */
export function petstoreFor(queryClient: PetstoreQueriesOptions["queryClient"]) {
  return createPetstoreQueries(
    createPetstoreClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "petstore-demo-key" }),
    { queryClient },
  );
}
