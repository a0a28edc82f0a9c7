// Two pets, their stock and the categories, each read with useSWR; an order through useSWRMutation revalidates
// what placeOrder's x-affects names (the ordered pet and its stock), and nothing else on the page.
import { type PetstoreSWRHelpers, useSWR } from "@petstore/query/swr";
import useSWRMutation from "swr/mutation";

type Props = { petstore: PetstoreSWRHelpers };

function Pet({ petstore, petId }: Props & { petId: number }) {
  const pet = useSWR(...petstore.swr("get", "/pets/{petId}", { params: { path: { petId } } }));
  const stock = useSWR(...petstore.swr("get", "/store/inventory/{petId}", { params: { path: { petId } } }));
  const order = useSWRMutation(...petstore.mutation("post", "/store/orders"));
  if (pet.error || stock.error) {
    return <p data-testid="error">{(pet.error ?? stock.error)?.code}</p>;
  }
  return (
    <li data-testid={`pet-${petId}`}>
      <span className="name">{pet.data?.name}</span> <span data-testid={`stock-${petId}`}>{stock.data?.quantity}</span>{" "}
      <button type="button" disabled={order.isMutating} onClick={() => order.trigger({ body: { petId, quantity: 1 } })}>
        Order {pet.data?.name}
      </button>
      {order.error && (
        <span data-testid="order-error">
          {order.error.code === "INSUFFICIENT_STOCK" ? "Out of stock" : order.error.message}
        </span>
      )}
    </li>
  );
}

export function SwrOrder({ petstore }: Props) {
  const categories = useSWR(...petstore.swr("get", "/categories"));
  return (
    <main>
      <h1>Petstore with SWR</h1>
      <ul>
        <Pet petstore={petstore} petId={1} />
        <Pet petstore={petstore} petId={3} />
      </ul>
      <p data-testid="categories">{categories.data?.length} categories</p>
    </main>
  );
}
