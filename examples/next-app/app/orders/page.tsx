// The orders, newest last, with "Fulfil" and "Cancel" on the open ones (server actions).
import Link from "next/link";
import { listOrders } from "../../lib/data";
import { cancelOrder, fulfilOrder } from "../actions";

export default async function OrdersPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const { error } = await searchParams;
  const { orders, total } = await listOrders({ limit: 100 });
  return (
    <main>
      <h1>Orders</h1>
      {error && <p role="alert">{error}</p>}
      <p>{total} orders</p>
      <ul aria-label="orders">
        {orders.map((order) => (
          <li key={order.id} aria-label={`order ${order.id}`}>
            Order {order.id}: {order.quantity} × <Link href={`/pets/${order.petId}`}>pet {order.petId}</Link> ·{" "}
            {order.complete ? "complete" : "open"}
            {!order.complete && order.id !== undefined && (
              <>
                {" "}
                <form action={fulfilOrder.bind(null, order.id)} style={{ display: "inline" }}>
                  <button type="submit">Fulfil</button>
                </form>{" "}
                <form action={cancelOrder.bind(null, order.id)} style={{ display: "inline" }}>
                  <button type="submit">Cancel</button>
                </form>
              </>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
