import { categoryOperations } from "./categories.js";
import type { OperationHandlers } from "./context.js";
import { inventoryOperations } from "./inventory.js";
import { orderOperations } from "./orders.js";
import { petOperations } from "./pets.js";

/**
 * Every operation of the document, framework-neutral. A missing operation is a compile error here, and
 * one the document does not have in its tag's file (each `satisfies` the generated operation types).
 */
export const operationHandlers: OperationHandlers = {
  ...petOperations,
  ...categoryOperations,
  ...orderOperations,
  ...inventoryOperations,
} satisfies OperationHandlers;
