// A store's state as a file a person can read and edit: the one place that knows the file's format
// (today the `StoreSnapshot` of store.ts, as pretty-printed JSON with a stable key order).
import { contract } from "../generated/contract.js";
import type { CompiledValidator } from "../generated/validators.js";
import * as validators from "../generated/validators.js";
import type { StoreSnapshot } from "./store.js";

/** A text that is not a snapshot; the message says what is wrong and where, in words a person can act on. */
export class SnapshotError extends Error {}

type TableName = keyof StoreSnapshot;

/** Each table in the order the file lists them: the record schema, the key field, the most records it may hold. */
const TABLES: Record<TableName, { validator: CompiledValidator; key: string; required: string[]; max: number }> = {
  categories: { validator: validators.CategoryRecord, key: "id", required: ["id"], max: contract.limits.maxCategories },
  pets: { validator: validators.PetRecord, key: "id", required: ["id"], max: contract.limits.maxPets },
  orders: {
    validator: validators.OrderRecord,
    key: "id",
    required: ["id", "petId", "quantity", "complete"],
    max: contract.limits.maxOrders,
  },
  inventory: {
    validator: validators.InventoryItemRecord,
    key: "petId",
    required: ["petId"],
    max: contract.limits.maxPets,
  },
};

/** The records' keys, listed first in each record. */
const KEY_FIELDS = ["id", "petId"];

/**
 * Every property name of the file, in the order the file lists them: the tables, their `nextKey` and
 * `records`, then in each record the keys and the other fields alphabetically. `JSON.stringify` orders
 * every object's properties by such a list, natively, whatever order the record's history left them in.
 */
function propertyOrder(snapshot: StoreSnapshot): string[] {
  const fields = new Set<string>();
  for (const name of Object.keys(TABLES) as TableName[]) {
    for (const record of snapshot[name].records) {
      for (const field in record) {
        fields.add(field);
      }
    }
  }
  const others = [...fields].filter((field) => !KEY_FIELDS.includes(field)).sort();
  return [...Object.keys(TABLES), "nextKey", "records", ...KEY_FIELDS, ...others];
}

/** The snapshot as the file's text: JSON, two-space indented, one key order whatever the records' history. */
export function serializeSnapshot(snapshot: StoreSnapshot): string {
  return `${JSON.stringify(snapshot, propertyOrder(snapshot), 2)}\n`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One table's part of the file, checked record by record; returns its records in ascending key order. */
function parseTable(name: TableName, value: unknown): { records: Record<string, unknown>[]; nextKey: number } {
  const { validator, key, required, max } = TABLES[name];
  if (!isObject(value) || !Array.isArray(value.records)) {
    throw new SnapshotError(`"${name}" must be an object with a "records" array`);
  }
  const records = value.records as unknown[];
  if (records.length > max) {
    throw new SnapshotError(`"${name}" holds ${records.length} records, more than the most the mock keeps (${max})`);
  }
  const keys = new Set<number>();
  let keyAfterAll = 1;
  records.forEach((record, index) => {
    const where = `${name}.records[${index}]`;
    if (!validator(record)) {
      const [error] = validator.errors ?? [];
      const allowed = (error?.params as { allowedValues?: unknown[] } | undefined)?.allowedValues;
      const field = error?.instancePath.replaceAll("/", ".") ?? "";
      throw new SnapshotError(`${where}${field} ${error?.message}${allowed ? ` (${allowed.join(", ")})` : ""}`);
    }
    const fields = record as Record<string, unknown>;
    const missing = required.find((field) => fields[field] === undefined);
    if (missing) {
      throw new SnapshotError(`${where} has no "${missing}"`);
    }
    if (keys.has(fields[key] as number)) {
      throw new SnapshotError(`${where} has ${key} ${fields[key]}, which an earlier record already has`);
    }
    keys.add(fields[key] as number);
    keyAfterAll = Math.max(keyAfterAll, (fields[key] as number) + 1);
  });
  const nextKey = value.nextKey ?? 1;
  if (!Number.isSafeInteger(nextKey) || (nextKey as number) < 1) {
    throw new SnapshotError(`"${name}.nextKey" must be a whole number, 1 or more (got ${JSON.stringify(nextKey)})`);
  }
  const sorted = [...(records as Record<string, unknown>[])].sort((a, b) => (a[key] as number) - (b[key] as number));
  // A record added by hand may bring a key past nextKey: new records then start after it.
  return { records: sorted, nextKey: Math.max(nextKey as number, keyAfterAll) };
}

/** The references between tables that the operations rely on. */
function checkReferences(snapshot: StoreSnapshot): void {
  const categories = new Set(snapshot.categories.records.map((category) => category.id));
  const names = new Set<string>();
  for (const category of snapshot.categories.records) {
    const name = category.name.trim().toLowerCase();
    if (names.has(name)) {
      throw new SnapshotError(`category ${category.id}: another category is already named "${category.name}"`);
    }
    names.add(name);
  }
  const stock = new Map(snapshot.inventory.records.map((item) => [item.petId, item]));
  const pets = new Map(snapshot.pets.records.map((pet) => [pet.id, pet]));
  for (const pet of pets.values()) {
    if (!categories.has(pet.categoryId)) {
      throw new SnapshotError(`pet ${pet.id} belongs to category ${pet.categoryId}, which is not in "categories"`);
    }
    const item = stock.get(pet.id);
    if (!item || item.status !== pet.status) {
      throw new SnapshotError(`pet ${pet.id} needs an inventory entry with its status ("${pet.status}")`);
    }
  }
  for (const item of stock.values()) {
    if (!pets.has(item.petId)) {
      throw new SnapshotError(`the inventory entry of pet ${item.petId} names no pet in "pets"`);
    }
  }
  for (const order of snapshot.orders.records) {
    if (!order.complete && !pets.has(order.petId)) {
      throw new SnapshotError(`open order ${order.id} is for pet ${order.petId}, which is not in "pets"`);
    }
  }
}

/** JSON.parse's complaint on one line, with the line and column of its position, for a person with an editor. */
function jsonProblem(text: string, error: Error): string {
  const message = error.message.replace(/\s+/g, " ");
  const position = /at position (\d+)/.exec(message);
  if (!position) {
    return message;
  }
  const before = text.slice(0, Number(position[1])).split("\n");
  return `${message}: line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/**
 * The snapshot in a file's text, checked in full: JSON, the shape, every record against its schema in
 * the document, unique keys, and the references between records. Throws a `SnapshotError` naming the
 * first problem.
 */
export function parseSnapshot(text: string): StoreSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError(`not JSON (${jsonProblem(text, error as Error)})`);
  }
  if (!isObject(value)) {
    throw new SnapshotError(`not a JSON object with ${Object.keys(TABLES).join(", ")}`);
  }
  const unknown = Object.keys(value).find((name) => !(name in TABLES));
  if (unknown) {
    throw new SnapshotError(`"${unknown}" is not a table of the store (${Object.keys(TABLES).join(", ")})`);
  }
  const snapshot = Object.fromEntries(
    (Object.keys(TABLES) as TableName[]).map((name) => [name, parseTable(name, value[name])]),
  ) as unknown as StoreSnapshot;
  checkReferences(snapshot);
  return snapshot;
}
