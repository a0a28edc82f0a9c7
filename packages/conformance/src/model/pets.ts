// Commands on pets: create, replace or update (with the allowed status transitions), delete.

import { limits } from "@petstore/contract";
import fc from "fast-check";
import { Base, type Command, choose, expectEqual, expectOutcome, json, type Pick, type Real, send } from "./command.js";
import { type Model, type ModelPet, petBody, type Status } from "./model.js";

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

export const petCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc.tuple(petName, pick, fc.option(status, { nil: undefined })).map(([name, p, s]) => new CreatePet(name, p, s)),
  fc
    .tuple(pick, fc.boolean(), fc.record({ name: petName, category: pick, status }, { requiredKeys: [] }))
    .map(([p, replace, fields]) => new ChangePet(p, replace, fields)),
  fc
    .tuple(pick, fc.constantFrom<Status>("available", "pending"))
    .map(([p, s]) => new ChangePet(p, false, { status: s })),
  pick.map((p) => new DeletePet(p)),
];
