// The stories of the scenario: the successes that need state set up first (a step named after its
// operation, such as `createPet`, stands for that operation's success; the others get theirs from the
// document's sample request, in sample-steps.ts), and the errors that need a particular request or
// state, in an order that sets up the state each step needs, against the standalone mock's demo data
// (`petstore-mock`, 20 pets). Each row: the step's name, its request, the status and, for an error, the code.
import { at, limits, orderQuantityMaximum, pageSize, stockMaximum } from "@petstore/contract";
import { del, get, json, type Step } from "./step.js";

const descriptionMaxLength: number = at("#/components/schemas/CategoryDescription/maxLength");

const step = (name: string, request: Step["request"], status: number, code?: string): Step =>
  code === undefined ? { name, request, status } : { name, request, status, code };
/** A step that creates a record and keeps its id under `save` for the steps after it. */
const create = (save: string, name: string, request: Step["request"]): Step => ({ name, request, status: 201, save });

export const scriptedSteps: Step[] = [
  // Pets
  step("listPets: a later page", get("/pets?status=available&limit=3&offset=1"), 200),
  step("listPets: bad limit", get(`/pets?limit=${pageSize.minimum - 1}`), 400, "INVALID_PARAMETER"),
  step("listPets: unknown parameter", get("/pets?colour=red"), 400, "UNKNOWN_PARAMETER"),
  create("pet", "createPet", json("POST", "/pets", { name: "Biscuit", categoryId: 6 })),
  create("held", "createPet pending", json("POST", "/pets", { name: "Held", categoryId: 6, status: "pending" })),
  step("createPet: missing field", json("POST", "/pets", { categoryId: 1 }), 400, "MISSING_FIELD"),
  step(
    "createPet: unknown field",
    json("POST", "/pets", { name: "X", categoryId: 1, colour: "red" }),
    400,
    "UNKNOWN_FIELD",
  ),
  step("createPet: invalid field", json("POST", "/pets", { name: "", categoryId: 1 }), 400, "INVALID_FIELD"),
  step("createPet: not an object", json("POST", "/pets", [1]), 400, "INVALID_BODY"),
  step(
    "createPet: wrong Content-Type",
    { method: "POST", url: "/pets", headers: { "Content-Type": "text/plain" }, body: '{"name":"X","categoryId":1}' },
    400,
    "INVALID_CONTENT_TYPE",
  ),
  step("createPet: no body", { method: "POST", url: "/pets" }, 400, "MISSING_BODY"),
  step(
    "createPet: too large",
    json("POST", "/pets", { name: "x".repeat(limits.requestBodyBytes), categoryId: 1 }),
    413,
    "PAYLOAD_TOO_LARGE",
  ),
  step("createPet: unknown category", json("POST", "/pets", { name: "X", categoryId: 999 }), 422, "UNKNOWN_REFERENCE"),
  step("getPet: not found", get("/pets/999999"), 404, "NOT_FOUND"),
  step("getPet: bad id", get("/pets/abc"), 400, "INVALID_PARAMETER"),
  step(
    "replacePet",
    (s) => json("PUT", `/pets/${s.pet}`, { name: "Biscuit II", categoryId: 6, status: "pending" }),
    200,
  ),
  step(
    "replacePet: to sold",
    (s) => json("PUT", `/pets/${s.pet}`, { name: "B", categoryId: 6, status: "sold" }),
    409,
    "INVALID_TRANSITION",
  ),
  step("replacePet: not found", json("PUT", "/pets/999999", { name: "B", categoryId: 6 }), 404, "NOT_FOUND"),
  step(
    "replacePet: unknown category",
    (s) => json("PUT", `/pets/${s.pet}`, { name: "B", categoryId: 999 }),
    422,
    "UNKNOWN_REFERENCE",
  ),
  step("replacePet: missing field", (s) => json("PUT", `/pets/${s.pet}`, { name: "B" }), 400, "MISSING_FIELD"),
  step("updatePet", (s) => json("PATCH", `/pets/${s.pet}`, { status: "available" }), 200),
  step("updatePet: to sold", (s) => json("PATCH", `/pets/${s.pet}`, { status: "sold" }), 409, "INVALID_TRANSITION"),
  step("updatePet: not found", json("PATCH", "/pets/999999", { name: "B" }), 404, "NOT_FOUND"),
  step(
    "updatePet: unknown category",
    (s) => json("PATCH", `/pets/${s.pet}`, { categoryId: 999 }),
    422,
    "UNKNOWN_REFERENCE",
  ),
  step("updatePet: empty", (s) => json("PATCH", `/pets/${s.pet}`, {}), 400, "INVALID_BODY"),
  step("deletePet: open orders", del("/pets/1"), 409, "PET_HAS_OPEN_ORDERS"),
  step("deletePet", (s) => del(`/pets/${s.pet}`), 204),
  step("deletePet: not found", (s) => del(`/pets/${s.pet}`), 404, "NOT_FOUND"),
  // Categories
  step("listCategories: a later page", get("/categories?limit=2&offset=2"), 200),
  step("listCategories: bad offset", get("/categories?offset=-1"), 400, "INVALID_PARAMETER"),
  create("category", "createCategory", json("POST", "/categories", { name: "Owls", description: "Wise." })),
  step("createCategory: duplicate", json("POST", "/categories", { name: "dogs" }), 409, "DUPLICATE_NAME"),
  step(
    "createCategory: too long",
    json("POST", "/categories", { name: "O", description: "x".repeat(descriptionMaxLength + 1) }),
    400,
    "INVALID_FIELD",
  ),
  step("getCategory", (s) => get(`/categories/${s.category}`), 200),
  step("getCategory: not found", get("/categories/999999"), 404, "NOT_FOUND"),
  step("getCategory: bad id", get("/categories/0"), 400, "INVALID_PARAMETER"),
  step("replaceCategory", (s) => json("PUT", `/categories/${s.category}`, { name: "Owls and Larks" }), 200),
  step(
    "replaceCategory: duplicate",
    (s) => json("PUT", `/categories/${s.category}`, { name: "CATS" }),
    409,
    "DUPLICATE_NAME",
  ),
  step("replaceCategory: not found", json("PUT", "/categories/999999", { name: "Z" }), 404, "NOT_FOUND"),
  step("updateCategory", (s) => json("PATCH", `/categories/${s.category}`, { description: "Nocturnal." }), 200),
  step(
    "updateCategory: duplicate",
    (s) => json("PATCH", `/categories/${s.category}`, { name: "Fish" }),
    409,
    "DUPLICATE_NAME",
  ),
  step("updateCategory: not found", json("PATCH", "/categories/999999", { name: "Z" }), 404, "NOT_FOUND"),
  step(
    "updateCategory: unknown field",
    (s) => json("PATCH", `/categories/${s.category}`, { id: 3 }),
    400,
    "UNKNOWN_FIELD",
  ),
  step("deleteCategory: in use", del("/categories/1"), 409, "CATEGORY_IN_USE"),
  step("deleteCategory", (s) => del(`/categories/${s.category}`), 204),
  step("deleteCategory: not found", (s) => del(`/categories/${s.category}`), 404, "NOT_FOUND"),
  // Orders
  step("listOrders: bad filter", get("/store/orders?complete=yes"), 400, "INVALID_PARAMETER"),
  step("updateInventoryItem: restock pet 2", json("PUT", "/store/inventory/2", { quantity: 10 }), 200),
  create(
    "order",
    "placeOrder",
    json("POST", "/store/orders", { petId: 2, quantity: 1, shipDate: "2026-12-24T10:00:00Z" }),
  ),
  step(
    "placeOrder: not enough stock",
    json("POST", "/store/orders", { petId: 2, quantity: orderQuantityMaximum }),
    409,
    "INSUFFICIENT_STOCK",
  ),
  step(
    "placeOrder: pet not available",
    (s) => json("POST", "/store/orders", { petId: s.held, quantity: 1 }),
    409,
    "PET_NOT_AVAILABLE",
  ),
  step(
    "placeOrder: unknown pet",
    json("POST", "/store/orders", { petId: 999999, quantity: 1 }),
    422,
    "UNKNOWN_REFERENCE",
  ),
  step(
    "placeOrder: read-only field",
    json("POST", "/store/orders", { petId: 2, quantity: 1, complete: true }),
    400,
    "INVALID_FIELD",
  ),
  step("placeOrder: missing field", json("POST", "/store/orders", { petId: 2 }), 400, "MISSING_FIELD"),
  step("getOrder", (s) => get(`/store/orders/${s.order}`), 200),
  step("getOrder: not found", get("/store/orders/999999"), 404, "NOT_FOUND"),
  step("getOrder: bad id", get("/store/orders/1.5"), 400, "INVALID_PARAMETER"),
  step("updateOrder", (s) => json("PATCH", `/store/orders/${s.order}`, { shipDate: "2027-01-02T10:00:00Z" }), 200),
  step("updateOrder: fulfil", (s) => json("PATCH", `/store/orders/${s.order}`, { complete: true }), 200),
  step(
    "updateOrder: complete",
    (s) => json("PATCH", `/store/orders/${s.order}`, { complete: true }),
    409,
    "ORDER_COMPLETE",
  ),
  step("updateOrder: not found", json("PATCH", "/store/orders/999999", { complete: true }), 404, "NOT_FOUND"),
  step(
    "updateOrder: bad date",
    (s) => json("PATCH", `/store/orders/${s.order}`, { shipDate: "soon" }),
    400,
    "INVALID_FIELD",
  ),
  step("cancelOrder: complete", (s) => del(`/store/orders/${s.order}`), 409, "ORDER_COMPLETE"),
  step("cancelOrder", del("/store/orders/2"), 204),
  step("cancelOrder: not found", del("/store/orders/2"), 404, "NOT_FOUND"),
  // Inventory
  step("listInventory: two statuses", get("/store/inventory?status=available&status=pending&limit=5"), 200),
  step("listInventory: bad status", get("/store/inventory?status=lost"), 400, "INVALID_PARAMETER"),
  step("getInventoryItem: not found", get("/store/inventory/999999"), 404, "NOT_FOUND"),
  step("updateInventoryItem", (s) => json("PUT", `/store/inventory/${s.held}`, { quantity: 5 }), 200),
  step("updateInventoryItem: not found", json("PUT", "/store/inventory/999999", { quantity: 5 }), 404, "NOT_FOUND"),
  step(
    "updateInventoryItem: too many",
    json("PUT", "/store/inventory/3", { quantity: stockMaximum + 1 }),
    400,
    "INVALID_FIELD",
  ),
  step(
    "updateInventoryItem: past the limit with reserved units",
    json("PUT", "/store/inventory/1", { quantity: stockMaximum }),
    409,
    "STOCK_LIMIT_EXCEEDED",
  ),
];
