"use client";
// The live parts of a pet's page. The stock is a TanStack Query of `@petstore/query`, started from the server's
// data; after an order, the server action revalidates the server's tags and the form invalidates the browser's
// queries with the same x-affects (`mutationOptions(…).onSuccess`), so the stock refetches at once.
import type { InventoryItem } from "@petstore/sdk";
import { useQuery } from "@tanstack/react-query";
import { useActionState } from "react";
import { type OrderResult, placeOrder } from "../../actions";
import { usePetstore } from "../../providers";

export function Stock({ petId, initial }: { petId: number; initial: InventoryItem }) {
  const petstore = usePetstore();
  const { data, isFetching } = useQuery({
    ...petstore.queryOptions("get", "/store/inventory/{petId}", { params: { path: { petId } } }),
    initialData: initial,
  });
  return (
    <p>
      In stock: <output aria-label="stock">{data.quantity}</output>
      {isFetching ? " (updating…)" : ""}
    </p>
  );
}

export function OrderForm({ petId }: { petId: number }) {
  const petstore = usePetstore();
  const [result, order, pending] = useActionState<OrderResult | null, FormData>(async (_previous, form) => {
    const placed = await placeOrder(petId, Number(form.get("quantity")));
    if (placed.ok) {
      await petstore.mutationOptions("post", "/store/orders").onSuccess(placed.order, { body: placed.body });
    }
    return placed;
  }, null);
  return (
    <form action={order} aria-label="order">
      <input name="quantity" type="number" min={1} defaultValue={1} aria-label="quantity" />{" "}
      <button type="submit" disabled={pending}>
        Order
      </button>
      {result?.ok && <p role="status">Order {result.order.id} placed</p>}
      {result && !result.ok && <p role="alert">{result.message}</p>}
    </form>
  );
}
