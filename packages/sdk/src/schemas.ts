// @petstore/sdk/schemas: a Standard Schema v1 of every request body of the document, for form
// libraries (TanStack Form, react-hook-form's standardSchemaResolver, …) and for checking a body
// before sending it. Compiled ahead of time (no code is generated at run time, so a strict CSP is
// fine); the messages are the mock's 400 messages, one issue per field. A separate entry point:
// nothing here is in the bundle of `@petstore/sdk` itself.
export type { StandardSchemaV1 } from "@standard-schema/spec";
export {
  CategoryPatch,
  InventoryUpdate,
  NewCategory,
  NewPet,
  OrderPatch,
  PetPatch,
  placeOrderBody,
  requestBodySchemas,
} from "./generated/body-schemas.js";
