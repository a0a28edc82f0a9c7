// One pet with its stock read by SWR in the browser: the page, a server component, reads the pet through the SDK
// under its `@petstore/sdk/tags` tags (lib/data.ts), and hands the stock to a client component on
// `@petstore/query/swr` in suspense mode, inside a `<Suspense fallback>`.
import { notFound } from "next/navigation";
import { getPet } from "../../../../lib/data";
import { LiveStock } from "./live-stock";

export default async function PetWithSWRPage({ params }: { params: Promise<{ petId: string }> }) {
  const petId = Number((await params).petId);
  if (!Number.isSafeInteger(petId) || petId < 1) {
    notFound();
  }
  const pet = await getPet(petId);
  if (!pet) {
    notFound();
  }
  return (
    <main>
      <h1>{pet.name}</h1>
      <LiveStock petId={petId} />
    </main>
  );
}
