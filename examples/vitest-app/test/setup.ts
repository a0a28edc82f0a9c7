// This workspace's self-check: every response the mock produces in these tests is checked against
// openapi/petstore.yaml, and a test whose responses break the document fails.
import { installSelfCheck } from "@petstore/contract/self-check";
import { observeResponses } from "@petstore/mock";

installSelfCheck(observeResponses);
