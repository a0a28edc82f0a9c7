import type { $Read, components } from "../generated/schema.js";

type Schemas = components["schemas"];
type Unmarked<T> = T extends $Read<infer U> ? U : T;
/** A schema type as the service returns it: read-only markers removed. */
type Readable<T> = { [K in keyof T]: Unmarked<T[K]> };

export type Pet = Schemas["Pet"];
export type Category = Schemas["Category"];
export type InventoryItem = Schemas["InventoryItem"];
export type PetStatus = Schemas["PetStatus"];
/** A stored order always has its id and completion flag. */
export type Order = Readable<Schemas["Order"]> & { id: number; petId: number; quantity: number; complete: boolean };
