import { MockApiError } from "../http/errors.js";
import type { Pet, PetStatus } from "../store/records.js";
import type { PetstoreStore } from "../store/store.js";

/** Sets a pet's status and its inventory entry's, which always match. */
export function setPetStatus(store: PetstoreStore, pet: Pet, status: PetStatus): void {
  if (pet.status === status) {
    return;
  }
  store.pets.update(pet, { status });
  const item = store.inventory.get(pet.id);
  if (item) {
    store.inventory.update(item, { status });
  }
}

/**
 * Refuses the status changes the state rules forbid: nothing becomes `sold` by hand, and a sold
 * pet is re-listed by restocking it.
 */
export function assertManualTransition(pet: Pet, next: PetStatus): void {
  if (pet.status === next) {
    return;
  }
  if (next === "sold") {
    throw new MockApiError(
      409,
      "INVALID_TRANSITION",
      `body.status cannot change pet ${pet.id} from ${pet.status} to sold: a pet becomes sold when its last order is fulfilled`,
    );
  }
  if (pet.status === "sold") {
    throw new MockApiError(
      409,
      "INVALID_TRANSITION",
      `body.status cannot change pet ${pet.id} from sold to ${next}: restock it with PUT /store/inventory/${pet.id} instead`,
    );
  }
}

export function stockOf(store: PetstoreStore, petId: number): number {
  return store.inventory.get(petId)?.quantity ?? 0;
}

export function openOrderIds(store: PetstoreStore, petId: number): number[] {
  return [...store.orders.keysWhere("openPetId", petId).ascending()];
}
