// A small domain module over @petstore/sdk: the kind of code an app owns and tests. It knows
// nothing about the mock; the tests decide what answers its requests.
import { type Order, type Pet, type PetstoreClient, PetstoreError, paginate, unwrap } from "@petstore/sdk";

/** Why an adoption did not go through. */
export type AdoptionFailure =
  | "not-found" // no such pet
  | "not-available" // the pet is pending or sold
  | "out-of-stock" // fewer units in stock than asked for
  | "busy" // the service said 429 or 503: try again later
  | "timeout" // no answer in time
  | "unreachable" // the network failed
  | "failed"; // anything else

export type AdoptionResult =
  | { ok: true; pet: Pet; order: Order; message: string }
  | { ok: false; reason: AdoptionFailure; message: string };

export interface Availability {
  pet: Pet;
  /** Units in stock, not counting those reserved by open orders. */
  inStock: number;
}

export interface AdoptionService {
  /** The pet and its stock, or `null` when there is no such pet. */
  check(petId: number): Promise<Availability | null>;
  /** Checks the pet, places an order and says what happened in a sentence a person can read. */
  adopt(petId: number, quantity?: number): Promise<AdoptionResult>;
  /** The names of every pet that can be ordered now, across all pages (`pageSize` per request, default 100). */
  adoptableNames(options?: { categoryId?: number; pageSize?: number }): Promise<string[]>;
}

const units = (count: number) => `${count} ${count === 1 ? "unit" : "units"}`;

/** Turns any failure of the SDK into a result the UI can show. */
function explain(error: unknown, petName: string): AdoptionResult {
  if (!(error instanceof PetstoreError)) {
    throw error;
  }
  switch (error.code) {
    case "PET_NOT_AVAILABLE":
      return { ok: false, reason: "not-available", message: `Someone else just adopted ${petName}. Sorry!` };
    case "INSUFFICIENT_STOCK":
      return { ok: false, reason: "out-of-stock", message: `${petName} just ran out of stock. Try fewer units.` };
    case "NOT_FOUND":
    case "UNKNOWN_REFERENCE":
      return { ok: false, reason: "not-found", message: `${petName} is no longer in the store.` };
    case "SERVICE_UNAVAILABLE":
    case "RATE_LIMITED":
      return {
        ok: false,
        reason: "busy",
        message: "The pet store is busy right now. Nothing was ordered; please try again in a moment.",
      };
    case "TIMEOUT":
      return {
        ok: false,
        reason: "timeout",
        message: "The pet store did not answer in time. Check your orders before trying again.",
      };
    case "NETWORK_ERROR":
      return { ok: false, reason: "unreachable", message: "The pet store cannot be reached. Are you online?" };
    default:
      return { ok: false, reason: "failed", message: `Something went wrong (${error.code}): ${error.message}` };
  }
}

/**
 * An adoption desk over a Petstore client.
 * @example
 * const desk = createAdoptionService(createPetstoreClient({ baseUrl, apiKey }));
 * const result = await desk.adopt(1);
 * console.log(result.message);
 */
export function createAdoptionService(client: PetstoreClient): AdoptionService {
  async function check(petId: number): Promise<Availability | null> {
    // `listPets` with the `id` filter replaces the deprecated `GET /pets/{petId}`.
    const [pet] = await unwrap(client.GET("/pets", { params: { query: { id: [petId] } } }));
    if (!pet) {
      return null;
    }
    const stock = await unwrap(client.GET("/store/inventory/{petId}", { params: { path: { petId } } }));
    return { pet, inStock: stock.quantity };
  }

  async function adopt(petId: number, quantity = 1): Promise<AdoptionResult> {
    let availability: Availability | null;
    try {
      availability = await check(petId);
    } catch (error) {
      return explain(error, `Pet #${petId}`);
    }
    if (!availability) {
      return { ok: false, reason: "not-found", message: `There is no pet #${petId} in the store.` };
    }
    const { pet, inStock } = availability;
    if (pet.status !== "available") {
      return { ok: false, reason: "not-available", message: `${pet.name} is ${pet.status} and cannot be adopted.` };
    }
    if (inStock < quantity) {
      return {
        ok: false,
        reason: "out-of-stock",
        message: `Only ${units(inStock)} of ${pet.name} left; you asked for ${quantity}.`,
      };
    }
    try {
      const order = await unwrap(client.POST("/store/orders", { body: { petId, quantity } }));
      return {
        ok: true,
        pet,
        order,
        message: `${pet.name} is yours! Order #${order.id} for ${units(order.quantity ?? quantity)} is on its way.`,
      };
    } catch (error) {
      return explain(error, pet.name);
    }
  }

  async function adoptableNames({ categoryId, pageSize = 100 }: { categoryId?: number; pageSize?: number } = {}) {
    const names: string[] = [];
    const query = { status: ["available" as const], limit: pageSize, ...(categoryId ? { categoryId } : {}) };
    for await (const pet of paginate(client, "/pets", { params: { query } })) {
      names.push(pet.name);
    }
    return names;
  }

  return { check, adopt, adoptableNames };
}
