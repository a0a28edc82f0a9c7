// One pet: its record, its category and its stock, read on the server (each under its record's tags), with the
// stock live in the browser (a client component on @petstore/query) and the order form (a server action).
import { notFound } from "next/navigation";
import { getCategory, getInventoryItem, getPet } from "../../../lib/data";
import { OrderForm, Stock } from "./stock";

export default async function PetPage({ params }: { params: Promise<{ petId: string }> }) {
  const petId = Number((await params).petId);
  if (!Number.isSafeInteger(petId) || petId < 1) {
    notFound();
  }
  const pet = await getPet(petId);
  if (!pet) {
    notFound();
  }
  const [category, stock] = await Promise.all([getCategory(pet.categoryId), getInventoryItem(petId)]);
  return (
    <main>
      <h1>{pet.name}</h1>
      <p>
        Status: <output aria-label="status">{pet.status}</output> · Category: {category.name}
      </p>
      <Stock petId={petId} initial={stock} />
      <OrderForm petId={petId} />
    </main>
  );
}
