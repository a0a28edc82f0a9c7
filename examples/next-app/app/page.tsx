// The pets: filters (status, name), paging (`X-Total-Count`), and a form that adds a pet (a server action).
import type { PetStatus } from "@petstore/sdk";
import Link from "next/link";
import { listCategories, listPets, type PetQuery } from "../lib/data";
import { addPet } from "./actions";

const PAGE_SIZE = 5;
const STATUSES: PetStatus[] = ["available", "pending", "sold"];

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function PetsPage({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const status = STATUSES.find((candidate) => candidate === one(search.status));
  const name = one(search.name)?.trim() || undefined;
  const offset = Math.max(0, Number(one(search.offset)) || 0);
  const query: PetQuery = {
    limit: PAGE_SIZE,
    offset,
    ...(status ? { status: [status] } : {}),
    ...(name ? { name } : {}),
  };
  const [{ pets, total }, categories] = await Promise.all([listPets(query), listCategories()]);
  const pageLink = (to: number) => {
    const params = new URLSearchParams({
      ...(status ? { status } : {}),
      ...(name ? { name } : {}),
      offset: String(to),
    });
    return `/?${params}`;
  };
  const error = one(search.error);
  return (
    <main>
      <h1>Pets</h1>
      <form method="get" aria-label="filters">
        <select name="status" defaultValue={status ?? ""} aria-label="status">
          <option value="">any status</option>
          {STATUSES.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>{" "}
        <input name="name" defaultValue={name ?? ""} placeholder="name" aria-label="name" />{" "}
        <button type="submit">Filter</button>
      </form>
      <p>
        {total} pets{total > 0 ? `, ${offset + 1}–${offset + pets.length} shown` : ""}
      </p>
      <ul aria-label="pets">
        {pets.map((pet) => (
          <li key={pet.id}>
            <Link href={`/pets/${pet.id}`}>{pet.name}</Link> ({pet.status})
          </li>
        ))}
      </ul>
      <nav aria-label="pages" style={{ display: "flex", gap: "1rem" }}>
        {offset > 0 && <Link href={pageLink(Math.max(0, offset - PAGE_SIZE))}>Previous</Link>}
        {offset + pets.length < total && <Link href={pageLink(offset + PAGE_SIZE)}>Next</Link>}
      </nav>
      <h2>Add a pet</h2>
      {error && <p role="alert">{error}</p>}
      <form action={addPet} aria-label="add a pet">
        <input name="name" required placeholder="name" aria-label="new pet's name" />{" "}
        <select name="categoryId" aria-label="category">
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>{" "}
        <button type="submit">Add</button>
      </form>
    </main>
  );
}
