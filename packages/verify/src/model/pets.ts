// Commands on pets: create, replace or update (with the allowed status transitions), delete.

import { limits } from "@petstore/contract";
import fc from "fast-check";
import { aim, type Command, command, deleteCommand, expectEqual, expectOutcome, type Pick, send } from "./command.js";
import { type ModelPet, petBody, type Status } from "./model.js";

const petName = fc.oneof(
  fc.constantFrom("Rex", "Misty", "__proto__", "constructor", "Ziggy 2"),
  fc.string({ minLength: 1, maxLength: 20 }).filter((text) => /\S/.test(text)),
);
const status = fc.constantFrom<Status>("available", "pending", "sold");

/** Whether the state rules allow a manual change of status (`replacePet`, `updatePet`). */
const transitionAllowed = (from: Status, to: Status) => from === to || (to !== "sold" && from !== "sold");

export const createPet = ({ name, category, status }: { name: string; category: Pick; status?: Status }) =>
  command(`createPet(${JSON.stringify(name)}, ${status ?? "-"})`, async (model, real, did) => {
    const categoryId = aim(model, "categories", category);
    const body = { name: model.name(name), categoryId, status };
    const response = await send(model, real, "POST", "/pets", body);
    const ran = did(`createPet(${JSON.stringify(body)}) → ${response.status}`);
    if (!model.categories.has(categoryId)) {
      return expectOutcome(ran, response, 422, "UNKNOWN_REFERENCE");
    }
    if (model.pets.size >= limits.maxPets) {
      return expectOutcome(ran, response, 507, "STORAGE_FULL");
    }
    expectOutcome(ran, response, 201);
    const created = response.json as ModelPet;
    const pet: ModelPet = { id: created.id, name: body.name, categoryId, status: status ?? "available", stock: 0 };
    expectEqual("model.record", ran, created, petBody(pet));
    model.pets.set(pet.id, pet);
    model.created("pets", pet.id);
  });

/** replacePet (`replace`) or updatePet of `pet`, with the fields given (none: its status as it is). */
export const changePet = ({
  pet: pick,
  replace = false,
  ...fields
}: {
  pet: Pick;
  replace?: boolean;
  name?: string;
  category?: Pick;
  status?: Status;
}) => {
  const operation = replace ? "replacePet" : "updatePet";
  return command(`${operation}(${JSON.stringify(fields)})`, async (model, real, did) => {
    const id = aim(model, "pets", pick);
    const pet = model.pets.get(id);
    const categoryId = fields.category ? aim(model, "categories", fields.category) : undefined;
    const name = fields.name === undefined ? undefined : model.name(fields.name);
    const body: { name?: string; categoryId?: number; status?: Status } = replace
      ? {
          name: name ?? pet?.name ?? model.name("Rex"),
          categoryId: categoryId ?? pet?.categoryId ?? 1,
          status: fields.status,
        }
      : { name, categoryId, status: fields.status };
    if (Object.values(body).every((value) => value === undefined)) {
      body.status = pet?.status ?? "available";
    }
    const response = await send(model, real, replace ? "PUT" : "PATCH", `/pets/${id}`, body);
    const ran = did(`${operation}(${id}, ${JSON.stringify(body)}) → ${response.status}`);
    if (!pet) {
      return expectOutcome(ran, response, 404, "NOT_FOUND");
    }
    if (body.categoryId !== undefined && !model.categories.has(body.categoryId)) {
      return expectOutcome(ran, response, 422, "UNKNOWN_REFERENCE");
    }
    // An omitted status means `available` in a replacement (replacePet's description).
    const nextStatus = body.status ?? (replace ? "available" : pet.status);
    if (!transitionAllowed(pet.status, nextStatus)) {
      return expectOutcome(ran, response, 409, "INVALID_TRANSITION", "model.state-transition");
    }
    expectOutcome(ran, response, 200);
    const next: ModelPet = {
      ...pet,
      name: body.name ?? pet.name,
      categoryId: body.categoryId ?? pet.categoryId,
      status: nextStatus,
    };
    expectEqual("model.record", ran, response.json, petBody(next));
    model.pets.set(id, next);
  });
};

/** deletePet: refused while the pet has open orders. */
export const deletePet = (pick: Pick) =>
  deleteCommand(
    pick,
    "pets",
    (model, id) => (model.openOrders(id).length ? "PET_HAS_OPEN_ORDERS" : undefined),
    "orders.petId",
  );

export const petCommands = (pick: fc.Arbitrary<Pick>): fc.Arbitrary<Command>[] => [
  fc
    .tuple(petName, pick, fc.option(status, { nil: undefined }))
    .map(([name, p, s]) => createPet({ name, category: p, status: s })),
  // A replacement and a partial update, each an arbitrary of its own, so each is drawn as often as a create.
  ...[true, false].map((replace) =>
    fc
      .tuple(pick, fc.record({ name: petName, category: pick, status }, { requiredKeys: [] }))
      .map(([p, fields]) => changePet({ pet: p, replace, ...fields })),
  ),
  fc.tuple(pick, fc.constantFrom<Status>("available", "pending")).map(([p, s]) => changePet({ pet: p, status: s })),
  pick.map(deletePet),
];
