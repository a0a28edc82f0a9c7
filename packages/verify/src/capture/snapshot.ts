// The captured records as the mock's state file (`StateFile` of openapi/control.yaml, format
// `petstore-state`): one session, `default`, whose snapshot (`petstore-snapshot`) keeps every id as
// read and names each collection's next id one past its highest, so new records never collide. The
// same snapshot is the body `PUT /__petstore/sessions/{name}/state` takes.

import { RECORD_FIELDS } from "../generated/record-fields.js";
import type { CapturedCategory, CapturedEntry, CapturedOrder, CapturedPet, CapturedState } from "./records.js";

/** One session's state: `Snapshot` of openapi/control.yaml. */
export interface CapturedSnapshot {
  format: "petstore-snapshot";
  version: 1;
  categories: CapturedCategory[];
  pets: CapturedPet[];
  orders: CapturedOrder[];
  inventory: CapturedEntry[];
  nextIds: { categories: number; pets: number; orders: number };
}

/** The file `petstore-mock --state FILE` loads: `StateFile` of openapi/control.yaml. */
export interface CapturedStateFile {
  format: "petstore-state";
  version: 1;
  sessions: { default: CapturedSnapshot };
}

const afterHighest = (records: readonly { id: number }[]) =>
  records.reduce((highest, record) => Math.max(highest, record.id), 0) + 1;

const ascending = <T>(records: readonly T[], idOf: (record: T) => number) =>
  [...records].sort((a, b) => idOf(a) - idOf(b));

/** A copy of `record` with the document's properties in the document's order (as the mock stores them), unset ones left out. */
function inDocumentOrder<T extends object>(schema: keyof typeof RECORD_FIELDS, record: T): T {
  const source = record as Record<string, unknown>;
  const fields: readonly string[] = RECORD_FIELDS[schema];
  return Object.fromEntries(
    fields.filter((field) => source[field] !== undefined).map((field) => [field, source[field]]),
  ) as T;
}
const category = (record: CapturedCategory) => inDocumentOrder("Category", record);
const pet = (record: CapturedPet) => inDocumentOrder("Pet", record);
const order = (record: CapturedOrder) => inDocumentOrder("Order", record);
const entry = (record: CapturedEntry) => inDocumentOrder("InventoryItem", record);

export function toStateFile(state: CapturedState): CapturedStateFile {
  return {
    format: "petstore-state",
    version: 1,
    sessions: {
      default: {
        format: "petstore-snapshot",
        version: 1,
        categories: ascending(state.categories, (record) => record.id).map(category),
        pets: ascending(state.pets, (record) => record.id).map(pet),
        orders: ascending(state.orders, (record) => record.id).map(order),
        inventory: ascending(state.inventory, (record) => record.petId).map(entry),
        nextIds: {
          categories: afterHighest(state.categories),
          pets: afterHighest(state.pets),
          orders: afterHighest(state.orders),
        },
      },
    },
  };
}

/** The file's text: two-space-indented JSON, as the mock writes its state files. */
export const stateFileText = (file: CapturedStateFile | CapturedSnapshot) => `${JSON.stringify(file, null, 2)}\n`;
