import type { $Read, components, operations, paths } from "./generated/schema.js";

type Schemas = components["schemas"];
type Unmarked<V> = V extends $Read<infer U> ? U : V;
/** A schema type as the API returns it: read-only markers removed. */
type Received<T> = { [K in keyof T]: Unmarked<T[K]> };
/** A schema type as a client sends it: read-only properties removed. */
type Sent<T> = { [K in keyof T as NonNullable<T[K]> extends $Read<unknown> ? never : K]: T[K] };

export type { components, operations, paths };

export type Pet = Schemas["Pet"];
export type NewPet = Schemas["NewPet"];
export type PetPatch = Schemas["PetPatch"];
export type PetStatus = Schemas["PetStatus"];
export type Category = Schemas["Category"];
export type NewCategory = Schemas["NewCategory"];
export type CategoryPatch = Schemas["CategoryPatch"];
export type Order = Received<Schemas["Order"]>;
/** The body of `POST /store/orders`: `petId` and `quantity` required, `id` and `complete` assigned by the API. */
export type NewOrder = Sent<Schemas["Order"]> & { petId: number; quantity: number };
export type OrderPatch = Schemas["OrderPatch"];
export type InventoryItem = Schemas["InventoryItem"];
export type InventoryUpdate = Schemas["InventoryUpdate"];
/** The body of every non-2xx response: `{ code, message, status }`. */
export type ApiError = Schemas["Error"];
export type ErrorCode = Schemas["ErrorCode"];
