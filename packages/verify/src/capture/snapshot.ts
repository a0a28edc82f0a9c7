// The captured records as the mock's state file (`StateFile` of openapi/control.yaml, format
// `petstore-state`): one session, `default`, whose snapshot (`petstore-snapshot`) keeps every id as
// read and names each collection's next id one past its highest, so new records never collide. The
// same snapshot is the body `PUT /__petstore/sessions/{name}/state` takes.

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

// Each record's fields in the mock's own order (its id first), whatever order the backend sent them in.
const category = ({ id, name, description }: CapturedCategory): CapturedCategory =>
  description === undefined ? { id, name } : { id, name, description };
const pet = ({ id, name, categoryId, status }: CapturedPet): CapturedPet => ({ id, name, categoryId, status });
const order = ({ id, petId, quantity, shipDate, complete }: CapturedOrder): CapturedOrder =>
  shipDate === undefined ? { id, petId, complete, quantity } : { id, petId, complete, quantity, shipDate };
const entry = ({ petId, quantity, status }: CapturedEntry): CapturedEntry => ({ petId, quantity, status });

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
