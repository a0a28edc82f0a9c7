// Model-based testing of the documented state rules: a model of the store predicts the outcome of
// every command (status, error code, body), and invariants are checked on the real state after each.

import { limits } from "@petstore/contract";
import type { PetstoreStore, StoreSnapshot } from "@petstore/mock";
import fc from "fast-check";
import type { ApiResponse, Target } from "./targets.js";

type Status = "available" | "pending" | "sold";
interface ModelPet {
  id: number;
  name: string;
  categoryId: number;
  status: Status;
  stock: number;
}
interface ModelOrder {
  id: number;
  petId: number;
  quantity: number;
  complete: boolean;
  shipDate?: string;
}
interface ModelCategory {
  id: number;
  name: string;
  description?: string;
}

export class Model {
  categories = new Map<number, ModelCategory>();
  pets = new Map<number, ModelPet>();
  orders = new Map<number, ModelOrder>();
  /** Ids that existed and were deleted, to aim commands at records that are gone. */
  gone = { pets: new Set<number>(), categories: new Set<number>(), orders: new Set<number>() };
  requests = 0;

  static from(snapshot: StoreSnapshot): Model {
    const model = new Model();
    for (const category of snapshot.categories.records) {
      model.categories.set(category.id, { ...category });
    }
    const stock = new Map(snapshot.inventory.records.map((item) => [item.petId, item.quantity]));
    for (const pet of snapshot.pets.records) {
      model.pets.set(pet.id, { ...pet, stock: stock.get(pet.id) ?? 0 });
    }
    for (const order of snapshot.orders.records) {
      model.orders.set(order.id, { ...order });
    }
    return model;
  }

  openOrders(petId: number): ModelOrder[] {
    return [...this.orders.values()].filter((order) => order.petId === petId && !order.complete);
  }
}

export interface Real {
  target: Target;
  store: PetstoreStore;
}

/** A record to aim at: one that exists (picked by index) or one that does not. */
export interface Pick {
  index: number;
  missing: boolean;
}
// Mostly an existing record; one time in ten a missing one (shrinks towards existing).
const pickArbitrary: fc.Arbitrary<Pick> = fc.record({
  index: fc.nat(),
  missing: fc.nat({ max: 9 }).map((roll) => roll === 9),
});

function choose(ids: Iterable<number>, gone: Set<number>, pick: Pick): number {
  const list = [...ids];
  if (pick.missing || list.length === 0) {
    const deleted = [...gone];
    return deleted.length && pick.index % 2 === 0
      ? deleted[pick.index % deleted.length]!
      : Math.max(0, ...list, ...gone) + 1 + (pick.index % 1000);
  }
  return list[pick.index % list.length]!;
}

class Failure extends Error {}

function expectOutcome(what: string, response: ApiResponse, status: number, code?: string): void {
  const got = (response.json as { code?: string } | undefined)?.code;
  if (response.violations.length) {
    throw new Failure(`${what}: the response breaks the document:\n  ${response.violations.join("\n  ")}`);
  }
  if (response.status !== status || (code !== undefined && got !== code)) {
    throw new Failure(
      `${what}: the model expects ${status}${code ? ` ${code}` : ""}, the mock answered ${response.status} ${response.text.slice(0, 300)}`,
    );
  }
}

/** JSON with sorted keys, so key order never matters. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, node) =>
    node && typeof node === "object" && !Array.isArray(node)
      ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => a.localeCompare(b)))
      : node,
  );

function expectEqual(what: string, actual: unknown, expected: unknown): void {
  const a = canonical(actual);
  const e = canonical(expected);
  if (a !== e) {
    throw new Failure(`${what}: expected ${e}, got ${a}`);
  }
}

const json = (body: unknown) => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const petBody = (pet: ModelPet) => ({ id: pet.id, name: pet.name, categoryId: pet.categoryId, status: pet.status });
const categoryBody = (category: ModelCategory) => ({
  id: category.id,
  name: category.name,
  ...(category.description !== undefined ? { description: category.description } : {}),
});
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function send(
  model: Model,
  real: Real,
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  model.requests++;
  return real.target.send({ method, url, ...init });
}

type Command = fc.AsyncCommand<Model, Real, false>;

/** A command whose `toString` names what it did, once it ran. */
abstract class Base implements Command {
  protected ran = "";
  check(): boolean {
    return true;
  }
  abstract run(model: Model, real: Real): Promise<void>;
  abstract describe(): string;
  toString(): string {
    return this.ran || this.describe();
  }
}

// ── categories ──────────────────────────────────────────────────────────────

const categoryName = fc.oneof(
  fc.constantFrom("Dogs", "dogs", "CATS", "Owls", "owls", "OWLS", "Newts", "newts", "Ferrets", "Straße", "STRASSE"),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,8}[A-Za-z0-9]$/),
);
const description = fc.option(fc.string({ maxLength: 40 }), { nil: undefined });

class CreateCategory extends Base {
  constructor(
    readonly name: string,
    readonly description: string | undefined,
  ) {
    super();
  }
  describe() {
    return `createCategory(${JSON.stringify(this.name)})`;
  }
  async run(model: Model, real: Real) {
    const body = { name: this.name, ...(this.description !== undefined ? { description: this.description } : {}) };
    const response = await send(model, real, "POST", "/categories", json(body));
    const taken = [...model.categories.values()].find((category) => sameName(category.name, this.name));
    this.ran = `${this.describe()} → ${response.status}`;
    if (taken) {
      return expectOutcome(this.ran, response, 409, "DUPLICATE_NAME");
    }
    if (model.categories.size >= limits.maxCategories) {
      return expectOutcome(this.ran, response, 507, "STORAGE_FULL");
    }
    expectOutcome(this.ran, response, 201);
    const created = response.json as ModelCategory;
    expectEqual(this.ran, created, { id: created.id, ...body });
    model.categories.set(created.id, created);
  }
}

class ChangeCategory extends Base {
  constructor(
    readonly pick: Pick,
    readonly name: string | undefined,
    readonly description: string | undefined,
    readonly replace: boolean,
  ) {
    super();
  }
  describe() {
    return `${this.replace ? "replaceCategory" : "updateCategory"}(${JSON.stringify(this.name)})`;
  }
  async run(model: Model, real: Real) {
    const id = choose(model.categories.keys(), model.gone.categories, this.pick);
    const name = this.name ?? (this.replace ? "Unnamed" : undefined);
    const body = this.replace
      ? { name, ...(this.description !== undefined ? { description: this.description } : {}) }
      : {
          ...(name !== undefined ? { name } : {}),
          ...(this.description !== undefined || name === undefined ? { description: this.description ?? "" } : {}),
        };
    const response = await send(model, real, this.replace ? "PUT" : "PATCH", `/categories/${id}`, json(body));
    this.ran = `${this.replace ? "replaceCategory" : "updateCategory"}(${id}, ${JSON.stringify(body)}) → ${response.status}`;
    const category = model.categories.get(id);
    if (!category) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (
      body.name !== undefined &&
      [...model.categories.values()].some((other) => other.id !== id && sameName(other.name, body.name!))
    ) {
      return expectOutcome(this.ran, response, 409, "DUPLICATE_NAME");
    }
    expectOutcome(this.ran, response, 200);
    const next: ModelCategory = this.replace
      ? { id, ...(body as { name: string; description?: string }) }
      : { ...category, ...body };
    expectEqual(this.ran, response.json, categoryBody(next));
    model.categories.set(id, next);
  }
}

class DeleteCategory extends Base {
  constructor(readonly pick: Pick) {
    super();
  }
  describe() {
    return "deleteCategory";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.categories.keys(), model.gone.categories, this.pick);
    const response = await send(model, real, "DELETE", `/categories/${id}`);
    this.ran = `deleteCategory(${id}) → ${response.status}`;
    if (!model.categories.has(id)) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if ([...model.pets.values()].some((pet) => pet.categoryId === id)) {
      return expectOutcome(this.ran, response, 409, "CATEGORY_IN_USE");
    }
    expectOutcome(this.ran, response, 204);
    model.categories.delete(id);
    model.gone.categories.add(id);
  }
}

// ── pets ───────────────────────────────────────────────────────────────────

const petName = fc.oneof(
  fc.constantFrom("Rex", "Misty", "__proto__", "constructor", "Ziggy 2"),
  fc.string({ minLength: 1, maxLength: 20 }).filter((text) => /\S/.test(text)),
);
const status = fc.constantFrom<Status>("available", "pending", "sold");

/** Whether the state rules allow a manual change of status (`replacePet`, `updatePet`). */
const transitionAllowed = (from: Status, to: Status) => from === to || (to !== "sold" && from !== "sold");

class CreatePet extends Base {
  constructor(
    readonly name: string,
    readonly category: Pick,
    readonly status: Status | undefined,
  ) {
    super();
  }
  describe() {
    return `createPet(${JSON.stringify(this.name)}, ${this.status ?? "-"})`;
  }
  async run(model: Model, real: Real) {
    const categoryId = choose(model.categories.keys(), model.gone.categories, this.category);
    const body = { name: this.name, categoryId, ...(this.status ? { status: this.status } : {}) };
    const response = await send(model, real, "POST", "/pets", json(body));
    this.ran = `createPet(${JSON.stringify(body)}) → ${response.status}`;
    if (!model.categories.has(categoryId)) {
      return expectOutcome(this.ran, response, 422, "UNKNOWN_REFERENCE");
    }
    if (model.pets.size >= limits.maxPets) {
      return expectOutcome(this.ran, response, 507, "STORAGE_FULL");
    }
    expectOutcome(this.ran, response, 201);
    const created = response.json as ModelPet;
    const pet: ModelPet = { id: created.id, name: this.name, categoryId, status: this.status ?? "available", stock: 0 };
    expectEqual(this.ran, created, petBody(pet));
    model.pets.set(pet.id, pet);
  }
}

class ChangePet extends Base {
  constructor(
    readonly pick: Pick,
    readonly replace: boolean,
    readonly fields: { name?: string; category?: Pick; status?: Status },
  ) {
    super();
  }
  describe() {
    return `${this.replace ? "replacePet" : "updatePet"}(${JSON.stringify(this.fields)})`;
  }
  async run(model: Model, real: Real) {
    const id = choose(model.pets.keys(), model.gone.pets, this.pick);
    const pet = model.pets.get(id);
    const categoryId = this.fields.category
      ? choose(model.categories.keys(), model.gone.categories, this.fields.category)
      : undefined;
    const body: Record<string, unknown> = this.replace
      ? {
          name: this.fields.name ?? pet?.name ?? "Rex",
          categoryId: categoryId ?? pet?.categoryId ?? 1,
          ...(this.fields.status ? { status: this.fields.status } : {}),
        }
      : {
          ...(this.fields.name !== undefined ? { name: this.fields.name } : {}),
          ...(categoryId !== undefined ? { categoryId } : {}),
          ...(this.fields.status ? { status: this.fields.status } : {}),
        };
    if (Object.keys(body).length === 0) {
      body.status = pet?.status ?? "available";
    }
    const response = await send(model, real, this.replace ? "PUT" : "PATCH", `/pets/${id}`, json(body));
    this.ran = `${this.replace ? "replacePet" : "updatePet"}(${id}, ${JSON.stringify(body)}) → ${response.status}`;
    if (!pet) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (body.categoryId !== undefined && !model.categories.has(body.categoryId as number)) {
      return expectOutcome(this.ran, response, 422, "UNKNOWN_REFERENCE");
    }
    // An omitted status means `available` in a replacement (replacePet's description).
    const nextStatus = (body.status as Status | undefined) ?? (this.replace ? "available" : pet.status);
    if (!transitionAllowed(pet.status, nextStatus)) {
      return expectOutcome(this.ran, response, 409, "INVALID_TRANSITION");
    }
    expectOutcome(this.ran, response, 200);
    const next: ModelPet = {
      ...pet,
      ...(body.name !== undefined ? { name: body.name as string } : {}),
      ...(body.categoryId !== undefined ? { categoryId: body.categoryId as number } : {}),
      status: nextStatus,
    };
    expectEqual(this.ran, response.json, petBody(next));
    model.pets.set(id, next);
  }
}

class DeletePet extends Base {
  constructor(readonly pick: Pick) {
    super();
  }
  describe() {
    return "deletePet";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.pets.keys(), model.gone.pets, this.pick);
    const response = await send(model, real, "DELETE", `/pets/${id}`);
    this.ran = `deletePet(${id}) → ${response.status}`;
    if (!model.pets.has(id)) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (model.openOrders(id).length) {
      return expectOutcome(this.ran, response, 409, "PET_HAS_OPEN_ORDERS");
    }
    expectOutcome(this.ran, response, 204);
    model.pets.delete(id);
    model.gone.pets.add(id);
  }
}

// ── stock and orders ───────────────────────────────────────────────────────────

const quantity = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 6 }) },
  { weight: 1, arbitrary: fc.integer({ min: 7, max: 1_000_000 }) },
);
const shipDate = fc.option(
  fc
    .date({ min: new Date(Date.UTC(2026, 0, 1)), max: new Date(Date.UTC(2030, 0, 1)), noInvalidDate: true })
    .map((date) => date.toISOString()),
  { nil: undefined },
);

/** Applies a successful order to the model: stock is reserved, the last unit makes the pet pending. */
function reserve(model: Model, order: ModelOrder): void {
  const pet = model.pets.get(order.petId)!;
  pet.stock -= order.quantity;
  if (pet.stock === 0) {
    pet.status = "pending";
  }
  model.orders.set(order.id, order);
}

class PlaceOrder extends Base {
  constructor(
    readonly pick: Pick,
    readonly quantity: number,
    readonly shipDate: string | undefined,
  ) {
    super();
  }
  describe() {
    return `placeOrder(×${this.quantity})`;
  }
  async run(model: Model, real: Real) {
    const petId = choose(model.pets.keys(), model.gone.pets, this.pick);
    const body = { petId, quantity: this.quantity, ...(this.shipDate ? { shipDate: this.shipDate } : {}) };
    const response = await send(model, real, "POST", "/store/orders", json(body));
    this.ran = `placeOrder(${JSON.stringify(body)}) → ${response.status}`;
    const pet = model.pets.get(petId);
    if (!pet) {
      return expectOutcome(this.ran, response, 422, "UNKNOWN_REFERENCE");
    }
    if (pet.status !== "available") {
      return expectOutcome(this.ran, response, 409, "PET_NOT_AVAILABLE");
    }
    if (this.quantity > pet.stock) {
      return expectOutcome(this.ran, response, 409, "INSUFFICIENT_STOCK");
    }
    if (model.orders.size >= limits.maxOrders) {
      return expectOutcome(this.ran, response, 507, "STORAGE_FULL");
    }
    expectOutcome(this.ran, response, 201);
    const created = response.json as ModelOrder;
    const order: ModelOrder = {
      id: created.id,
      petId,
      quantity: this.quantity,
      ...(this.shipDate ? { shipDate: this.shipDate } : {}),
      complete: false,
    };
    expectEqual(this.ran, created, order);
    reserve(model, order);
  }
}

/** Several orders for one pet at the same time: stock is never oversold. */
class ConcurrentOrders extends Base {
  constructor(
    readonly pick: Pick,
    readonly quantities: number[],
  ) {
    super();
  }
  describe() {
    return `concurrent placeOrder(×${this.quantities.join(", ×")})`;
  }
  async run(model: Model, real: Real) {
    const petId = choose(model.pets.keys(), model.gone.pets, { ...this.pick, missing: false });
    const pet = model.pets.get(petId);
    const responses = await Promise.all(
      this.quantities.map((quantity) => send(model, real, "POST", "/store/orders", json({ petId, quantity }))),
    );
    this.ran = `concurrent placeOrder(pet ${petId}, ×${this.quantities.join(", ×")}) → ${responses.map((response) => response.status).join(", ")}`;
    if (!pet) {
      for (const response of responses) {
        expectOutcome(this.ran, response, 422, "UNKNOWN_REFERENCE");
      }
      return;
    }
    const before = pet.stock;
    const accepted = responses.filter((response) => response.status === 201);
    for (const response of responses) {
      if (response.status !== 201) {
        const code = (response.json as { code?: string }).code;
        expectOutcome(
          this.ran,
          response,
          409,
          code === "PET_NOT_AVAILABLE" ? "PET_NOT_AVAILABLE" : "INSUFFICIENT_STOCK",
        );
      } else {
        expectOutcome(this.ran, response, 201);
      }
    }
    const reserved = accepted.reduce((sum, response) => sum + (response.json as ModelOrder).quantity, 0);
    if (reserved > before) {
      throw new Failure(`${this.ran}: ${reserved} units were reserved but only ${before} were in stock`);
    }
    if (pet.status !== "available" && accepted.length) {
      throw new Failure(`${this.ran}: orders were accepted for a ${pet.status} pet`);
    }
    for (const response of accepted) {
      reserve(model, response.json as ModelOrder);
    }
    // Every refusal for stock must be justified by the stock left at the end (orders are served one at a time).
    for (const [index, response] of responses.entries()) {
      if (
        (response.json as { code?: string }).code === "INSUFFICIENT_STOCK" &&
        this.quantities[index]! <= pet.stock &&
        pet.status === "available"
      ) {
        throw new Failure(
          `${this.ran}: an order for ${this.quantities[index]} was refused for stock, yet ${pet.stock} are left`,
        );
      }
    }
  }
}

class FulfilOrder extends Base {
  constructor(
    readonly pick: Pick,
    readonly shipDate: string | undefined,
  ) {
    super();
  }
  describe() {
    return "fulfilOrder";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.orders.keys(), model.gone.orders, this.pick);
    const body = { complete: true, ...(this.shipDate ? { shipDate: this.shipDate } : {}) };
    const response = await send(model, real, "PATCH", `/store/orders/${id}`, json(body));
    this.ran = `fulfilOrder(${id}, ${JSON.stringify(body)}) → ${response.status}`;
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(this.ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(this.ran, response, 200);
    const returned = response.json as ModelOrder;
    const next: ModelOrder = {
      ...order,
      complete: true,
      shipDate: this.shipDate ?? order.shipDate ?? returned.shipDate,
    };
    if (next.shipDate === undefined) {
      throw new Failure(`${this.ran}: a fulfilled order without a shipDate must get one (now)`);
    }
    expectEqual(this.ran, returned, {
      id,
      petId: order.petId,
      quantity: order.quantity,
      complete: true,
      shipDate: next.shipDate,
    });
    model.orders.set(id, next);
    const pet = model.pets.get(order.petId);
    if (pet && pet.stock === 0 && model.openOrders(pet.id).length === 0) {
      pet.status = "sold";
    }
  }
}

class RescheduleOrder extends Base {
  constructor(
    readonly pick: Pick,
    readonly shipDate: string | undefined,
  ) {
    super();
  }
  describe() {
    return "rescheduleOrder";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.orders.keys(), model.gone.orders, this.pick);
    const body = this.shipDate ? { shipDate: this.shipDate } : { complete: false };
    const response = await send(model, real, "PATCH", `/store/orders/${id}`, json(body));
    this.ran = `updateOrder(${id}, ${JSON.stringify(body)}) → ${response.status}`;
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(this.ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(this.ran, response, 200);
    const next: ModelOrder = { ...order, ...(this.shipDate ? { shipDate: this.shipDate } : {}) };
    expectEqual(this.ran, response.json, {
      id,
      petId: order.petId,
      quantity: order.quantity,
      complete: false,
      ...(next.shipDate ? { shipDate: next.shipDate } : {}),
    });
    model.orders.set(id, next);
  }
}

class CancelOrder extends Base {
  constructor(readonly pick: Pick) {
    super();
  }
  describe() {
    return "cancelOrder";
  }
  async run(model: Model, real: Real) {
    const id = choose(model.orders.keys(), model.gone.orders, this.pick);
    const response = await send(model, real, "DELETE", `/store/orders/${id}`);
    this.ran = `cancelOrder(${id}) → ${response.status}`;
    const order = model.orders.get(id);
    if (!order) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    if (order.complete) {
      return expectOutcome(this.ran, response, 409, "ORDER_COMPLETE");
    }
    expectOutcome(this.ran, response, 204);
    model.orders.delete(id);
    model.gone.orders.add(id);
    const pet = model.pets.get(order.petId)!;
    pet.stock += order.quantity;
    if (pet.status === "pending" && pet.stock > 0) {
      pet.status = "available";
    }
  }
}

class Restock extends Base {
  /** The pet it aimed at, once it ran: the one whose stock may change. */
  petId: number | undefined;
  constructor(
    readonly pick: Pick,
    readonly quantity: number,
  ) {
    super();
  }
  describe() {
    return `restock(${this.quantity})`;
  }
  async run(model: Model, real: Real) {
    const petId = choose(model.pets.keys(), model.gone.pets, this.pick);
    this.petId = petId;
    const response = await send(model, real, "PUT", `/store/inventory/${petId}`, json({ quantity: this.quantity }));
    this.ran = `updateInventoryItem(${petId}, ${this.quantity}) → ${response.status}`;
    const pet = model.pets.get(petId);
    if (!pet) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    // The stock plus the units reserved by open orders may not pass 1,000,000.
    const reserved = model.openOrders(petId).reduce((sum, order) => sum + order.quantity, 0);
    if (this.quantity + reserved > 1_000_000) {
      return expectOutcome(this.ran, response, 409, "STOCK_LIMIT_EXCEEDED");
    }
    expectOutcome(this.ran, response, 200);
    pet.stock = this.quantity;
    if (this.quantity > 0) {
      pet.status = "available";
    }
    expectEqual(this.ran, response.json, { petId, quantity: pet.stock, status: pet.status });
  }
}

// ── reads ───────────────────────────────────────────────────────────────────

class ReadOne extends Base {
  constructor(
    readonly kind: "pet" | "inventory" | "order" | "category",
    readonly pick: Pick,
  ) {
    super();
  }
  describe() {
    return `get ${this.kind}`;
  }
  async run(model: Model, real: Real) {
    const table = this.kind === "order" ? model.orders : this.kind === "category" ? model.categories : model.pets;
    const gone =
      this.kind === "order" ? model.gone.orders : this.kind === "category" ? model.gone.categories : model.gone.pets;
    const id = choose(table.keys(), gone, this.pick);
    const url = {
      pet: `/pets/${id}`,
      inventory: `/store/inventory/${id}`,
      order: `/store/orders/${id}`,
      category: `/categories/${id}`,
    }[this.kind];
    const response = await send(model, real, "GET", url);
    this.ran = `GET ${url} → ${response.status}`;
    if (!table.has(id)) {
      return expectOutcome(this.ran, response, 404, "NOT_FOUND");
    }
    expectOutcome(this.ran, response, 200);
    if (this.kind === "pet") {
      expectEqual(this.ran, response.json, petBody(model.pets.get(id)!));
    } else if (this.kind === "inventory") {
      const pet = model.pets.get(id)!;
      expectEqual(this.ran, response.json, { petId: id, quantity: pet.stock, status: pet.status });
    } else if (this.kind === "category") {
      expectEqual(this.ran, response.json, categoryBody(model.categories.get(id)!));
    } else {
      const order = model.orders.get(id)!;
      const returned = response.json as ModelOrder;
      expectEqual(this.ran, returned, { ...order, shipDate: order.shipDate ?? returned.shipDate });
    }
  }
}

/** Reads every page of a list through the API and compares it with the model (paging included). */
class ReadAll extends Base {
  constructor(
    readonly list: "pets" | "inventory" | "orders" | "categories",
    readonly limit: number,
    readonly filter: number,
  ) {
    super();
  }
  describe() {
    return `list ${this.list} (limit ${this.limit})`;
  }
  async run(model: Model, real: Real) {
    const statuses: Status[][] = [[], ["available"], ["pending", "sold"], ["sold"]];
    const wanted = statuses[this.filter % statuses.length]!;
    const filter =
      this.list === "pets" || this.list === "inventory"
        ? wanted.map((value) => `&status=${value}`).join("")
        : this.list === "orders"
          ? ["", "&complete=false", "&complete=true"][this.filter % 3]!
          : "";
    const path = { pets: "/pets", inventory: "/store/inventory", orders: "/store/orders", categories: "/categories" }[
      this.list
    ];
    const items: unknown[] = [];
    let url: string | null = `${path}?limit=${this.limit}${filter}`;
    let total = -1;
    while (url) {
      const response = await send(model, real, "GET", url);
      this.ran = `GET ${url} → ${response.status}`;
      expectOutcome(this.ran, response, 200);
      total = Number(response.headers.get("x-total-count"));
      items.push(...(response.json as unknown[]));
      const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "");
      url = next ? next[1]!.slice(real.target.baseUrl.length) : null;
      if (items.length > 10_000) {
        throw new Failure(`${this.ran}: the next links never end`);
      }
    }
    const matches = (value: Status) => wanted.length === 0 || wanted.includes(value);
    let expected: unknown[];
    if (this.list === "pets") {
      expected = [...model.pets.values()].filter((pet) => matches(pet.status)).map(petBody);
    } else if (this.list === "inventory") {
      expected = [...model.pets.values()]
        .filter((pet) => matches(pet.status))
        .map((pet) => ({ petId: pet.id, quantity: pet.stock, status: pet.status }));
    } else if (this.list === "categories") {
      expected = [...model.categories.values()].map(categoryBody);
    } else {
      const complete = [undefined, false, true][this.filter % 3];
      expected = [...model.orders.values()].filter((order) => complete === undefined || order.complete === complete);
      items.forEach((item, index) => {
        const order = expected[index] as ModelOrder | undefined;
        if (order && order.shipDate === undefined) {
          delete (item as ModelOrder).shipDate;
        }
      });
    }
    const key = (record: unknown) =>
      (record as { id?: number; petId: number }).id ?? (record as { petId: number }).petId;
    expected.sort((a, b) => key(a) - key(b));
    this.ran = `${this.describe()}: ${items.length} records`;
    expectEqual(`${this.ran} (X-Total-Count)`, total, expected.length);
    expectEqual(this.ran, items, expected);
  }
}

// ── the commands, and the invariants ─────────────────────────────────────────────

export function commandArbitraries(): fc.Arbitrary<Command>[] {
  const pick = pickArbitrary;
  return [
    fc.tuple(categoryName, description).map(([name, text]) => new CreateCategory(name, text)),
    fc
      .tuple(pick, fc.option(categoryName, { nil: undefined }), description, fc.boolean())
      .map(([p, name, text, replace]) => new ChangeCategory(p, name, text, replace)),
    pick.map((p) => new DeleteCategory(p)),
    fc.tuple(petName, pick, fc.option(status, { nil: undefined })).map(([name, p, s]) => new CreatePet(name, p, s)),
    fc
      .tuple(pick, fc.boolean(), fc.record({ name: petName, category: pick, status }, { requiredKeys: [] }))
      .map(([p, replace, fields]) => new ChangePet(p, replace, fields)),
    fc
      .tuple(pick, fc.constantFrom<Status>("available", "pending"))
      .map(([p, s]) => new ChangePet(p, false, { status: s })),
    pick.map((p) => new DeletePet(p)),
    fc.tuple(pick, quantity, shipDate).map(([p, q, d]) => new PlaceOrder(p, q, d)),
    fc.tuple(pick, quantity, shipDate).map(([p, q, d]) => new PlaceOrder(p, q, d)),
    fc
      .tuple(pick, fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 8 }))
      .map(([p, qs]) => new ConcurrentOrders(p, qs)),
    fc.tuple(pick, shipDate).map(([p, d]) => new FulfilOrder(p, d)),
    fc.tuple(pick, shipDate).map(([p, d]) => new RescheduleOrder(p, d)),
    pick.map((p) => new CancelOrder(p)),
    pick.map((p) => new CancelOrder(p)),
    fc
      .tuple(pick, fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(0, 999_990, 999_999, 1_000_000)))
      .map(([p, q]) => new Restock(p, q)),
    fc
      .tuple(fc.constantFrom("pet", "inventory", "order", "category") as fc.Arbitrary<ReadOne["kind"]>, pick)
      .map(([kind, p]) => new ReadOne(kind, p)),
    fc
      .tuple(
        fc.constantFrom("pets", "inventory", "orders", "categories") as fc.Arbitrary<ReadAll["list"]>,
        fc.integer({ min: 1, max: 100 }),
        fc.nat(),
      )
      .map(([list, limit, filter]) => new ReadAll(list, limit, filter)),
  ];
}

/**
 * The invariants of the document, checked on the real store: stock never negative; an inventory
 * entry for every pet and only for pets, with the pet's status; no open order for a pet that is
 * gone; every pet's category exists; category names unique (case-insensitively); a sold pet has no
 * stock and no open order; stock plus reserved units at most 1,000,000; and for each pet, stock + the quantities of its orders is conserved
 * except through restocks (`restocked`).
 */
export function checkInvariants(
  snapshot: StoreSnapshot,
  previousLedger: Map<number, number> | undefined,
  restocked: number | undefined,
): Map<number, number> {
  const problems: string[] = [];
  const pets = new Map(snapshot.pets.records.map((pet) => [pet.id, pet]));
  const items = new Map(snapshot.inventory.records.map((item) => [item.petId, item]));
  const categories = new Set(snapshot.categories.records.map((category) => category.id));
  for (const item of snapshot.inventory.records) {
    const pet = pets.get(item.petId);
    if (item.quantity < 0 || !Number.isInteger(item.quantity)) {
      problems.push(`pet ${item.petId} has a stock of ${item.quantity}`);
    }
    if (!pet) {
      problems.push(`inventory entry ${item.petId} has no pet`);
    } else if (pet.status !== item.status) {
      problems.push(`pet ${pet.id} is ${pet.status} but its inventory entry says ${item.status}`);
    }
  }
  const ledger = new Map<number, number>();
  for (const pet of pets.values()) {
    const item = items.get(pet.id);
    if (!item) {
      problems.push(`pet ${pet.id} has no inventory entry`);
    }
    if (!categories.has(pet.categoryId)) {
      problems.push(`pet ${pet.id} belongs to category ${pet.categoryId}, which is gone`);
    }
    ledger.set(pet.id, item?.quantity ?? 0);
  }
  for (const order of snapshot.orders.records) {
    const pet = pets.get(order.petId);
    if (!order.complete && !pet) {
      problems.push(`open order ${order.id} is for pet ${order.petId}, which is gone`);
    }
    if (pet) {
      ledger.set(pet.id, ledger.get(pet.id)! + order.quantity);
      if (pet.status === "sold" && !order.complete) {
        problems.push(`sold pet ${pet.id} has open order ${order.id}`);
      }
    }
  }
  const reserved = new Map<number, number>();
  for (const order of snapshot.orders.records) {
    if (!order.complete) {
      reserved.set(order.petId, (reserved.get(order.petId) ?? 0) + order.quantity);
    }
  }
  for (const pet of pets.values()) {
    const total = (items.get(pet.id)?.quantity ?? 0) + (reserved.get(pet.id) ?? 0);
    if (total > 1_000_000) {
      problems.push(`pet ${pet.id}: stock plus reserved units is ${total}, above 1,000,000`);
    }
    if (pet.status === "sold" && (items.get(pet.id)?.quantity ?? 0) > 0) {
      problems.push(`sold pet ${pet.id} has ${items.get(pet.id)!.quantity} in stock`);
    }
    const before = previousLedger?.get(pet.id);
    if (before !== undefined && pet.id !== restocked && before !== ledger.get(pet.id)) {
      problems.push(
        `pet ${pet.id}: stock + ordered quantities went from ${before} to ${ledger.get(pet.id)} without a restock`,
      );
    }
  }
  const names = new Map<string, number>();
  for (const category of snapshot.categories.records) {
    const key = category.name.toLowerCase();
    if (names.has(key)) {
      problems.push(`categories ${names.get(key)} and ${category.id} share the name ${JSON.stringify(category.name)}`);
    }
    names.set(key, category.id);
  }
  if (problems.length) {
    throw new Failure(`invariants broken:\n  ${problems.join("\n  ")}`);
  }
  return ledger;
}

/** Compares the model with the real store, record by record. */
export function compareWithStore(model: Model, snapshot: StoreSnapshot): void {
  const pets = snapshot.pets.records.map((pet) => ({ ...petBody(pet as ModelPet) }));
  expectEqual("pets (model vs store)", pets, [...model.pets.values()].sort((a, b) => a.id - b.id).map(petBody));
  expectEqual(
    "stock (model vs store)",
    snapshot.inventory.records.map((item) => [item.petId, item.quantity, item.status]),
    [...model.pets.values()].sort((a, b) => a.id - b.id).map((pet) => [pet.id, pet.stock, pet.status]),
  );
  expectEqual(
    "orders (model vs store)",
    snapshot.orders.records.map((order) => [order.id, order.petId, order.quantity, order.complete]),
    [...model.orders.values()]
      .sort((a, b) => a.id - b.id)
      .map((order) => [order.id, order.petId, order.quantity, order.complete]),
  );
  expectEqual(
    "categories (model vs store)",
    snapshot.categories.records.map(categoryBody),
    [...model.categories.values()].sort((a, b) => a.id - b.id).map(categoryBody),
  );
}

/** Wraps a command so that after it runs, the invariants and the model are checked against the store. */
export function checked(command: Command): Command {
  return {
    check: (model) => command.check(model),
    async run(model, real) {
      const ledger = checkInvariants(real.store.snapshot(), undefined, undefined);
      await command.run(model, real);
      const restocked = command instanceof Restock ? command.petId : undefined;
      checkInvariants(real.store.snapshot(), ledger, restocked);
      compareWithStore(model, real.store.snapshot());
    },
    toString: () => command.toString(),
  };
}
