// A scripted scenario that exercises every operation of the document, with its success and its
// documented errors, against the standalone mock's demo data (`petstore-mock`, 20 pets). Used with
// Prism as the referee, and directly.
import { errorStatuses, operations } from "@petstore/contract";
import type { ApiRequest, ApiResponse } from "./targets.js";

export interface Step {
  name: string;
  request: ApiRequest | ((saved: Record<string, number>) => ApiRequest);
  status: number;
  code?: string;
  /** Keep the `id` of the created record under this name. */
  save?: string;
}

const json = (method: string, url: string, body: unknown, headers: Record<string, string> = {}): ApiRequest => ({
  method,
  url,
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const get = (url: string, headers: Record<string, string> = {}): ApiRequest => ({ method: "GET", url, headers });
const del = (url: string): ApiRequest => ({ method: "DELETE", url });

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

export const scenario: Step[] = [
  // Pets
  { name: "listPets", request: get("/pets?status=available&limit=3&offset=1"), status: 200 },
  { name: "listPets by name and ids", request: get("/pets?name=re&id=1&id=2&id=3"), status: 200 },
  { name: "listPets: bad limit", request: get("/pets?limit=0"), status: 400, code: "INVALID_PARAMETER" },
  { name: "listPets: unknown parameter", request: get("/pets?colour=red"), status: 400, code: "UNKNOWN_PARAMETER" },
  { name: "createPet", request: json("POST", "/pets", { name: "Biscuit", categoryId: 6 }), status: 201, save: "pet" },
  {
    name: "createPet pending",
    request: json("POST", "/pets", { name: "Held", categoryId: 6, status: "pending" }),
    status: 201,
    save: "held",
  },
  {
    name: "createPet: missing field",
    request: json("POST", "/pets", { categoryId: 1 }),
    status: 400,
    code: "MISSING_FIELD",
  },
  {
    name: "createPet: unknown field",
    request: json("POST", "/pets", { name: "X", categoryId: 1, colour: "red" }),
    status: 400,
    code: "UNKNOWN_FIELD",
  },
  {
    name: "createPet: invalid field",
    request: json("POST", "/pets", { name: "", categoryId: 1 }),
    status: 400,
    code: "INVALID_FIELD",
  },
  { name: "createPet: not an object", request: json("POST", "/pets", [1]), status: 400, code: "INVALID_BODY" },
  {
    name: "createPet: wrong Content-Type",
    request: {
      method: "POST",
      url: "/pets",
      headers: { "Content-Type": "text/plain" },
      body: '{"name":"X","categoryId":1}',
    },
    status: 400,
    code: "INVALID_CONTENT_TYPE",
  },
  { name: "createPet: no body", request: { method: "POST", url: "/pets" }, status: 400, code: "MISSING_BODY" },
  {
    name: "createPet: too large",
    request: json("POST", "/pets", { name: "x".repeat(70_000), categoryId: 1 }),
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
  },
  {
    name: "createPet: unknown category",
    request: json("POST", "/pets", { name: "X", categoryId: 999 }),
    status: 422,
    code: "UNKNOWN_REFERENCE",
  },
  { name: "getPet", request: get("/pets/1"), status: 200 },
  { name: "getPet: not found", request: get("/pets/999999"), status: 404, code: "NOT_FOUND" },
  { name: "getPet: bad id", request: get("/pets/abc"), status: 400, code: "INVALID_PARAMETER" },
  {
    name: "replacePet",
    request: (s) => json("PUT", `/pets/${s.pet}`, { name: "Biscuit II", categoryId: 6, status: "pending" }),
    status: 200,
  },
  {
    name: "replacePet: to sold",
    request: (s) => json("PUT", `/pets/${s.pet}`, { name: "B", categoryId: 6, status: "sold" }),
    status: 409,
    code: "INVALID_TRANSITION",
  },
  {
    name: "replacePet: not found",
    request: json("PUT", "/pets/999999", { name: "B", categoryId: 6 }),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "replacePet: unknown category",
    request: (s) => json("PUT", `/pets/${s.pet}`, { name: "B", categoryId: 999 }),
    status: 422,
    code: "UNKNOWN_REFERENCE",
  },
  {
    name: "replacePet: missing field",
    request: (s) => json("PUT", `/pets/${s.pet}`, { name: "B" }),
    status: 400,
    code: "MISSING_FIELD",
  },
  { name: "updatePet", request: (s) => json("PATCH", `/pets/${s.pet}`, { status: "available" }), status: 200 },
  {
    name: "updatePet: to sold",
    request: (s) => json("PATCH", `/pets/${s.pet}`, { status: "sold" }),
    status: 409,
    code: "INVALID_TRANSITION",
  },
  {
    name: "updatePet: not found",
    request: json("PATCH", "/pets/999999", { name: "B" }),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "updatePet: unknown category",
    request: (s) => json("PATCH", `/pets/${s.pet}`, { categoryId: 999 }),
    status: 422,
    code: "UNKNOWN_REFERENCE",
  },
  { name: "updatePet: empty", request: (s) => json("PATCH", `/pets/${s.pet}`, {}), status: 400, code: "INVALID_BODY" },
  { name: "deletePet: open orders", request: del("/pets/1"), status: 409, code: "PET_HAS_OPEN_ORDERS" },
  { name: "deletePet", request: (s) => del(`/pets/${s.pet}`), status: 204 },
  { name: "deletePet: not found", request: (s) => del(`/pets/${s.pet}`), status: 404, code: "NOT_FOUND" },
  // Categories
  { name: "listCategories", request: get("/categories?limit=2&offset=2"), status: 200 },
  { name: "listCategories: bad offset", request: get("/categories?offset=-1"), status: 400, code: "INVALID_PARAMETER" },
  {
    name: "createCategory",
    request: json("POST", "/categories", { name: "Owls", description: "Wise." }),
    status: 201,
    save: "category",
  },
  {
    name: "createCategory: duplicate",
    request: json("POST", "/categories", { name: "dogs" }),
    status: 409,
    code: "DUPLICATE_NAME",
  },
  {
    name: "createCategory: too long",
    request: json("POST", "/categories", { name: "O", description: "x".repeat(501) }),
    status: 400,
    code: "INVALID_FIELD",
  },
  { name: "getCategory", request: (s) => get(`/categories/${s.category}`), status: 200 },
  { name: "getCategory: not found", request: get("/categories/999999"), status: 404, code: "NOT_FOUND" },
  { name: "getCategory: bad id", request: get("/categories/0"), status: 400, code: "INVALID_PARAMETER" },
  {
    name: "replaceCategory",
    request: (s) => json("PUT", `/categories/${s.category}`, { name: "Owls and Larks" }),
    status: 200,
  },
  {
    name: "replaceCategory: duplicate",
    request: (s) => json("PUT", `/categories/${s.category}`, { name: "CATS" }),
    status: 409,
    code: "DUPLICATE_NAME",
  },
  {
    name: "replaceCategory: not found",
    request: json("PUT", "/categories/999999", { name: "Z" }),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "updateCategory",
    request: (s) => json("PATCH", `/categories/${s.category}`, { description: "Nocturnal." }),
    status: 200,
  },
  {
    name: "updateCategory: duplicate",
    request: (s) => json("PATCH", `/categories/${s.category}`, { name: "Fish" }),
    status: 409,
    code: "DUPLICATE_NAME",
  },
  {
    name: "updateCategory: not found",
    request: json("PATCH", "/categories/999999", { name: "Z" }),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "updateCategory: unknown field",
    request: (s) => json("PATCH", `/categories/${s.category}`, { id: 3 }),
    status: 400,
    code: "UNKNOWN_FIELD",
  },
  { name: "deleteCategory: in use", request: del("/categories/1"), status: 409, code: "CATEGORY_IN_USE" },
  { name: "deleteCategory", request: (s) => del(`/categories/${s.category}`), status: 204 },
  {
    name: "deleteCategory: not found",
    request: (s) => del(`/categories/${s.category}`),
    status: 404,
    code: "NOT_FOUND",
  },
  // Orders
  { name: "listOrders", request: get("/store/orders?petId=1&complete=false"), status: 200 },
  {
    name: "listOrders: bad filter",
    request: get("/store/orders?complete=yes"),
    status: 400,
    code: "INVALID_PARAMETER",
  },
  {
    name: "updateInventoryItem: restock pet 2",
    request: json("PUT", "/store/inventory/2", { quantity: 10 }),
    status: 200,
  },
  {
    name: "placeOrder",
    request: json("POST", "/store/orders", { petId: 2, quantity: 1, shipDate: "2026-12-24T10:00:00Z" }),
    status: 201,
    save: "order",
  },
  {
    name: "placeOrder: not enough stock",
    request: json("POST", "/store/orders", { petId: 2, quantity: 1_000_000 }),
    status: 409,
    code: "INSUFFICIENT_STOCK",
  },
  {
    name: "placeOrder: pet not available",
    request: (s) => json("POST", "/store/orders", { petId: s.held, quantity: 1 }),
    status: 409,
    code: "PET_NOT_AVAILABLE",
  },
  {
    name: "placeOrder: unknown pet",
    request: json("POST", "/store/orders", { petId: 999999, quantity: 1 }),
    status: 422,
    code: "UNKNOWN_REFERENCE",
  },
  {
    name: "placeOrder: read-only field",
    request: json("POST", "/store/orders", { petId: 2, quantity: 1, complete: true }),
    status: 400,
    code: "INVALID_FIELD",
  },
  {
    name: "placeOrder: missing field",
    request: json("POST", "/store/orders", { petId: 2 }),
    status: 400,
    code: "MISSING_FIELD",
  },
  { name: "getOrder", request: (s) => get(`/store/orders/${s.order}`), status: 200 },
  { name: "getOrder: not found", request: get("/store/orders/999999"), status: 404, code: "NOT_FOUND" },
  { name: "getOrder: bad id", request: get("/store/orders/1.5"), status: 400, code: "INVALID_PARAMETER" },
  {
    name: "updateOrder: reschedule",
    request: (s) => json("PATCH", `/store/orders/${s.order}`, { shipDate: "2027-01-02T10:00:00Z" }),
    status: 200,
  },
  {
    name: "updateOrder: fulfil",
    request: (s) => json("PATCH", `/store/orders/${s.order}`, { complete: true }),
    status: 200,
  },
  {
    name: "updateOrder: complete",
    request: (s) => json("PATCH", `/store/orders/${s.order}`, { complete: true }),
    status: 409,
    code: "ORDER_COMPLETE",
  },
  {
    name: "updateOrder: not found",
    request: json("PATCH", "/store/orders/999999", { complete: true }),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "updateOrder: bad date",
    request: (s) => json("PATCH", `/store/orders/${s.order}`, { shipDate: "soon" }),
    status: 400,
    code: "INVALID_FIELD",
  },
  {
    name: "cancelOrder: complete",
    request: (s) => del(`/store/orders/${s.order}`),
    status: 409,
    code: "ORDER_COMPLETE",
  },
  { name: "cancelOrder", request: del("/store/orders/2"), status: 204 },
  { name: "cancelOrder: not found", request: del("/store/orders/2"), status: 404, code: "NOT_FOUND" },
  // Inventory
  { name: "listInventory", request: get("/store/inventory?status=available&status=pending&limit=5"), status: 200 },
  {
    name: "listInventory: bad status",
    request: get("/store/inventory?status=lost"),
    status: 400,
    code: "INVALID_PARAMETER",
  },
  { name: "getInventoryItem", request: get("/store/inventory/3"), status: 200 },
  { name: "getInventoryItem: not found", request: get("/store/inventory/999999"), status: 404, code: "NOT_FOUND" },
  {
    name: "updateInventoryItem",
    request: (s) => json("PUT", `/store/inventory/${s.held}`, { quantity: 5 }),
    status: 200,
  },
  {
    name: "updateInventoryItem: not found",
    request: json("PUT", "/store/inventory/999999", { quantity: 5 }),
    status: 404,
    code: "NOT_FOUND",
  },
  {
    name: "updateInventoryItem: too many",
    request: json("PUT", "/store/inventory/3", { quantity: 1_000_001 }),
    status: 400,
    code: "INVALID_FIELD",
  },
  {
    name: "updateInventoryItem: past the limit with reserved units",
    request: json("PUT", "/store/inventory/1", { quantity: 1_000_000 }),
    status: 409,
    code: "STOCK_LIMIT_EXCEEDED",
  },
  // Every documented error status of every operation, through Prefer (state is unchanged).
  ...operations.flatMap((operation) =>
    errorStatuses(operation).map((status) => {
      const sample = sampleRequests[operation.operationId]!;
      return {
        name: `${operation.operationId}: Prefer code=${status}`,
        request: { ...sample, headers: { ...sample.headers, Prefer: `code=${status}` } },
        status,
        code: operation.errorCodes[String(status)]![0],
      };
    }),
  ),
];

export interface StepResult {
  step: Step;
  response: ApiResponse;
  /** What went wrong, if anything (wrong status or code, or violations). */
  problems: string[];
}

/** Runs the scenario in order through `send`. */
export async function runScenario(send: (request: ApiRequest) => Promise<ApiResponse>): Promise<StepResult[]> {
  const saved: Record<string, number> = {};
  const results: StepResult[] = [];
  for (const step of scenario) {
    const request = typeof step.request === "function" ? step.request(saved) : step.request;
    const response = await send(request);
    const problems = [...response.violations];
    const code = (response.json as { code?: string } | undefined)?.code;
    if (response.status !== step.status || (step.code !== undefined && code !== step.code)) {
      problems.push(
        `expected ${step.status}${step.code ? ` ${step.code}` : ""}, got ${response.status} ${response.text.slice(0, 300)}`,
      );
    }
    if (step.save && response.status < 300) {
      saved[step.save] = (response.json as { id: number }).id;
    }
    results.push({ step, response, problems });
  }
  return results;
}
