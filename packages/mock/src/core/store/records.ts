import type { Readable } from "openapi-typescript-helpers";
import type { components } from "../generated/schema.js";

type Schemas = components["schemas"];

export type Pet = Schemas["Pet"];
export type Category = Schemas["Category"];
export type InventoryItem = Schemas["InventoryItem"];
export type PetStatus = Schemas["PetStatus"];
/** A stored order always has its id and completion flag. */
export type StoredOrder = Readable<Schemas["Order"]> & {
  id: number;
  petId: number;
  quantity: number;
  complete: boolean;
};
