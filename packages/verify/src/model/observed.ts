// The backend's whole state as observed: an in-process store's snapshot, or every page of the four
// lists read through the API. The mock's `StoreSnapshot` is assignable to it.

/** A pet's status. */
export type Status = "available" | "pending" | "sold";

export interface ObservedState {
  readonly pets: { readonly records: readonly { id: number; name: string; categoryId: number; status: Status }[] };
  readonly categories: { readonly records: readonly { id: number; name: string; description?: string }[] };
  readonly orders: {
    readonly records: readonly { id: number; petId: number; quantity: number; complete: boolean; shipDate?: string }[];
  };
  readonly inventory: { readonly records: readonly { petId: number; quantity: number; status: Status }[] };
}
