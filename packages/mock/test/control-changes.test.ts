import { describe, expect, it } from "vitest";
import { controlMock } from "./support/control-mock.js";

// `POST …/sessions/{name}/changes` (openapi/control.yaml, changeRecords): records of several tables put and deleted
// as one change, checked as `PUT …/state` checks a snapshot; a refusal names the change, rule and record, and changes
// nothing.
const mock = controlMock;

const newPet = { id: 21, name: "Biscuit", categoryId: 1, status: "available" };

describe("changes of records over the control API", () => {
  it("adds a pet with its inventory entry, then deletes it with its entry, each as one change", async () => {
    const { send, control } = mock();
    const session = control.session("default");
    const added = await session.change([
      { table: "pets", put: newPet },
      { table: "inventory", put: { petId: 21, quantity: 3, status: "available" } },
    ]);
    expect(added.records.pets).toBe(21);
    expect(await (await send("/pets/21")).json()).toEqual(newPet);
    // The next create goes on past the pet put.
    const created = await send("/pets", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Next", categoryId: 1 }),
    });
    expect((await created.json()).id).toBe(22);
    await session.change([
      { table: "pets", delete: 21 },
      { table: "inventory", delete: 21 },
    ]);
    expect((await send("/pets/21")).status).toBe(404);
    expect((await session.state()).inventory.some((item) => item.petId === 21)).toBe(false);
  });

  it("refuses half of a change by the snapshot rules, naming the change, the rule and the record; nothing changes", async () => {
    const { post, control } = mock();
    const before = await control.session("default").state();
    const cases: [unknown, string][] = [
      [
        { changes: [{ table: "pets", put: newPet }] },
        "changes[0]: pets[20]: pet 21 has no inventory entry; every pet has one",
      ],
      [{ changes: [{ table: "pets", delete: 1 }] }, "inventory[0].petId: pet 1 does not exist; only pets have stock"],
      [
        { changes: [{ table: "pets", put: { ...newPet, categoryId: 99 } }] },
        "changes[0]: pets[20].categoryId: category 99 does not exist",
      ],
      [{ changes: [{ table: "pets", put: { ...newPet, name: "" } }] }, "pets[20].name"],
      [
        { changes: [{ table: "pets", put: { ...newPet, colour: "red" } }] },
        "pets[20].colour is not a field of this record",
      ],
      [{ changes: [{ table: "toys", delete: 1 }] }, "body.changes[0].table"],
      [{ changes: [{ table: "pets", delete: 999 }] }, "body.changes[0].delete: pets has no record with id 999"],
      [{ changes: [{ table: "pets" }] }, "body.changes[0] must have one of put and delete"],
      [{ changes: [{ table: "pets", put: 5 }] }, "body.changes[0].put"],
      [{ changes: [] }, "body.changes"],
    ];
    for (const [body, message] of cases) {
      const refused = await post("/__petstore/sessions/default/changes", body);
      expect(refused.status, message).toBe(400);
      const error = await refused.json();
      expect(error.message, JSON.stringify(body)).toContain(message);
    }
    expect(await control.session("default").state()).toEqual(before);
  });

  it("makes a session that does not exist from the start data, only when the change holds", async () => {
    const { control } = mock();
    await expect(control.session("fresh").change([{ table: "pets", put: newPet }])).rejects.toMatchObject({
      status: 400,
    });
    expect((await control.sessions()).map(({ name }) => name)).toEqual(["default"]);
    const summary = await control.session("fresh").change([{ table: "orders", delete: 1 }]);
    expect(summary.records).toMatchObject({
      pets: 20,
      orders: (await control.session("default").state()).orders.length - 1,
    });
  });
});
