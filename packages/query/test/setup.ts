// Every response the mock produces in the SDK's tests is checked against openapi/petstore.yaml.
// `@petstore/mock` is the mock's source here (vitest.config.ts), the same module the tests use.
import { installSelfCheck } from "@petstore/contract/self-check";
import { observeResponses } from "@petstore/mock";

installSelfCheck(observeResponses);
