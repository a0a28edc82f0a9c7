import type { Readable, Writable } from "openapi-typescript-helpers";
import type { components, operations, paths } from "./generated/schema.js";

type Schemas = components["schemas"];

export type { components, operations, paths };

export type Pet = Schemas["Pet"];
export type NewPet = Schemas["NewPet"];
export type PetPatch = Schemas["PetPatch"];
export type PetStatus = Schemas["PetStatus"];
export type Category = Schemas["Category"];
export type NewCategory = Schemas["NewCategory"];
export type CategoryPatch = Schemas["CategoryPatch"];
export type Order = Readable<Schemas["Order"]>;
/** The body of `POST /store/orders`: `petId` and `quantity` required, `id` and `complete` assigned by the API. */
export type NewOrder = Writable<Schemas["Order"]> & { petId: number; quantity: number };
export type OrderPatch = Schemas["OrderPatch"];
export type InventoryItem = Schemas["InventoryItem"];
export type InventoryUpdate = Schemas["InventoryUpdate"];
/** The body of every non-2xx response: `{ code, message, status }`. */
export type ApiError = Schemas["Error"];
export type ErrorCode = Schemas["ErrorCode"];
