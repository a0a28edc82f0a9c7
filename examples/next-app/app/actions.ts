"use server";
// The writes. Each calls the API through `@petstore/sdk` and, on success, revalidates exactly the tags its
// `x-affects` names, narrowed to the records the call named (`affectedTags`): no hand-written list of tags.
import type { NewPet, Order, PetStatus } from "@petstore/sdk";
import { affectedTags } from "@petstore/sdk/tags";
import { redirect } from "next/navigation";
import { petstore, revalidate } from "../lib/petstore";

export type OrderResult =
  | { ok: true; order: Order; body: { petId: number; quantity: number } }
  | { ok: false; message: string };

const back = (path: string, message: string) => redirect(`${path}?error=${encodeURIComponent(message)}`);

/** The form on the pets page: adds a pet, then opens its page. */
export async function addPet(form: FormData): Promise<void> {
  const body: NewPet = {
    name: String(form.get("name") ?? ""),
    categoryId: Number(form.get("categoryId")),
    status: String(form.get("status") ?? "available") as PetStatus,
  };
  const { data, error } = await (await petstore()).POST("/pets", { body });
  if (!data) {
    return back("/", error?.message ?? "the pet could not be added");
  }
  await revalidate(affectedTags("createPet", { body }, data));
  redirect(`/pets/${data.id}`);
}

/** The order form of a pet's page (a client component, which also refreshes its live stock). */
export async function placeOrder(petId: number, quantity: number): Promise<OrderResult> {
  const body = { petId, quantity };
  const { data, error } = await (await petstore()).POST("/store/orders", { body });
  if (!data) {
    return { ok: false, message: error?.message ?? "the order could not be placed" };
  }
  await revalidate(affectedTags("placeOrder", { body }, data));
  return { ok: true, order: data, body };
}

/** "Fulfil" on the orders page. */
export async function fulfilOrder(orderId: number): Promise<void> {
  const init = { params: { path: { orderId } }, body: { complete: true } };
  const { data, error } = await (await petstore()).PATCH("/store/orders/{orderId}", init);
  if (!data) {
    return back("/orders", error?.message ?? "the order could not be fulfilled");
  }
  await revalidate(affectedTags("updateOrder", init, data));
}

/** "Cancel" on the orders page. */
export async function cancelOrder(orderId: number): Promise<void> {
  const init = { params: { path: { orderId } } };
  const { response, error } = await (await petstore()).DELETE("/store/orders/{orderId}", init);
  if (!response.ok) {
    return back("/orders", error?.message ?? "the order could not be cancelled");
  }
  await revalidate(affectedTags("cancelOrder", init));
}
