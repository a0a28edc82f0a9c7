// Every documented error status of every operation, asked for through `Prefer: code` (state is unchanged).
import { errorStatuses, operations } from "@petstore/contract";
import type { ApiRequest } from "../targets/target.js";
import { del, get, json, type Step } from "./step.js";

/** A valid request of each operation, to ask for each documented error through `Prefer: code`. */
const sampleRequests: Record<string, ApiRequest> = {
  listPets: get("/pets"),
  createPet: json("POST", "/pets", { name: "Never", categoryId: 1 }),
  getPet: get("/pets/1"),
  replacePet: json("PUT", "/pets/1", { name: "Rex", categoryId: 1 }),
  updatePet: json("PATCH", "/pets/1", { name: "Rex" }),
  deletePet: del("/pets/2"),
  listCategories: get("/categories"),
  createCategory: json("POST", "/categories", { name: "Never" }),
  getCategory: get("/categories/1"),
  replaceCategory: json("PUT", "/categories/1", { name: "Dogs" }),
  updateCategory: json("PATCH", "/categories/1", { description: "Loyal." }),
  deleteCategory: del("/categories/6"),
  listOrders: get("/store/orders"),
  placeOrder: json("POST", "/store/orders", { petId: 1, quantity: 1 }),
  getOrder: get("/store/orders/1"),
  updateOrder: json("PATCH", "/store/orders/1", { complete: false }),
  cancelOrder: del("/store/orders/1"),
  listInventory: get("/store/inventory"),
  getInventoryItem: get("/store/inventory/1"),
  updateInventoryItem: json("PUT", "/store/inventory/1", { quantity: 9 }),
};

export const documentedErrorSteps: Step[] = operations.flatMap((operation) =>
  errorStatuses(operation).map((status) => {
    const sample = sampleRequests[operation.operationId]!;
    return {
      name: `${operation.operationId}: Prefer code=${status}`,
      request: { ...sample, headers: { ...sample.headers, Prefer: `code=${status}` } },
      status,
      code: operation.errorCodes[String(status)]![0],
    };
  }),
);
