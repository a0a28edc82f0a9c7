// Which record fields a failure saw differ, as `pets.name`: the x-affects check names the fields an
// undeclared change changed; a record that differs from the model's says where it first departs. A
// record failure of a field an undeclared change changed follows from that change (run/causes.ts).

import { operations } from "@petstore/contract";
import { divergence } from "./diff.js";
import type { Failure } from "./failure.js";

/** The records an operation answers or writes, by its path: `/store/inventory/{petId}` → `inventory`. */
export const recordsOf = (operationId: string): string | undefined =>
  operations
    .find((operation) => operation.operationId === operationId)
    ?.path.replace(/^\/store/, "")
    .split("/")[1];

/** A place in a JSON answer as a record's field: `[20].name` → `name`; a whole record (added, removed) → `record`. */
export const fieldAt = (at: string) =>
  at
    .replace(/\[\d+\]/g, "")
    .replace(/^\./, "")
    .replace(/^body$/, "") || "record";

/** The records each table of the state read back compares (invariants.ts: `stock (model vs backend)`). */
const STATE_TABLES: Record<string, string> = {
  pets: "pets",
  stock: "inventory",
  orders: "orders",
  categories: "categories",
};

/** The fields a failure saw differ: as its thrower named them, or where a model failure's record departs; none when unknown. */
export function fieldsOf(failure: Failure): readonly string[] {
  if (failure.fields || !failure.check.startsWith("model.")) {
    return failure.fields ?? [];
  }
  const state = /^(\w+) \(model vs backend\)/.exec(failure.message)?.[1];
  const records = state ? STATE_TABLES[state] : recordsOf(failure.where ?? "");
  const at = placeOf(failure);
  return records && at !== undefined ? [`${records}.${fieldAt(at)}`] : [];
}

/** Where a failure's expected and received values first differ: as it quotes them (`[20].name: …`), or of the two records. */
function placeOf({ expected, received }: Failure): string | undefined {
  const quoted = /^([\w.[\]]+): /.exec(expected)?.[1];
  if (quoted !== undefined) {
    return quoted;
  }
  try {
    return divergence(JSON.parse(expected), JSON.parse(received)).at;
  } catch {
    return undefined;
  }
}
