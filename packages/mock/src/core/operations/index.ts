import { categoryOperations } from "./categories.js";
import type { OperationHandlers } from "./context.js";
import { inventoryOperations } from "./inventory.js";
import { orderOperations } from "./orders.js";
import { petOperations } from "./pets.js";

/** Every operation of the document, framework-neutral. */
export const operationHandlers: OperationHandlers = {
  ...petOperations,
  ...categoryOperations,
  ...orderOperations,
  ...inventoryOperations,
};
