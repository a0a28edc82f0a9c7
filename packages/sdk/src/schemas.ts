// @petstore/sdk/schemas: a Standard Schema v1 of every request body of the document, for form
// libraries (TanStack Form, react-hook-form's standardSchemaResolver, …) and for checking a body
// before sending it. Compiled ahead of time (no code is generated at run time, so a strict CSP is
// fine); the messages are the mock's 400 messages, one issue per field. A separate entry point:
// nothing here is in the bundle of `@petstore/sdk` itself.
export type { StandardSchemaV1 } from "@standard-schema/spec";
// Every schema is generated from the document (src/generated/body-schemas.ts): this entry re-exports
// them all, so a body added to the document is here without an edit.
export * from "./generated/body-schemas.js";
