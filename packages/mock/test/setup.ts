// The self-check: every response the mock's source produces in a test is checked against
// openapi/petstore.yaml; a test whose responses break the document fails.
import { installSelfCheck } from "@petstore/contract/self-check";
import { observeResponses } from "../src/core/observe.js";

installSelfCheck(observeResponses);
