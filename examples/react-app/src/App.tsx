// The page: a paged pet list (useInfiniteQuery), orders with an optimistic stock update (useMutation),
// the selected pet's stock (useQuery), and a new-pet form checked with the API's own schema first.
import type { PetstoreQueries } from "@petstore/query";
import { type Pet, PetstoreError } from "@petstore/sdk";
import { NewPet } from "@petstore/sdk/schemas";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";

const PAGE_SIZE = 5;

/** `CODE: message`, without the `METHOD /path: ` the SDK puts in front of the message. */
function describeError(error: unknown): string {
  if (error instanceof PetstoreError) {
    return `${error.code}: ${error.message.slice(`${error.method} ${error.path}: `.length)}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Forgets a mutation's answer, and so its status line, when `revision` changes: the API's data was replaced under
 * the page (the inspector's State tab, main.tsx), and "Category deleted." would speak of data that is gone.
 */
function useForgottenOnReplace(revision: number, reset: () => void) {
  useEffect(() => {
    if (revision > 0) {
      reset();
    }
  }, [revision, reset]);
}

/** `revision`: changes each time the API's data is replaced under the page. */
export function App({ petstore, revision = 0 }: { petstore: PetstoreQueries; revision?: number }) {
  const [selected, setSelected] = useState<Pet | null>(null);
  return (
    <>
      <header className="top">
        <h1>Petstore</h1>
        <p className="mode">React + TanStack Query over @petstore/query, on the mock in a Service Worker</p>
      </header>
      <main className="layout">
        <PetList petstore={petstore} selected={selected} onSelect={setSelected} revision={revision} />
        <aside className="side">
          <Inventory petstore={petstore} pet={selected} />
          <PetForm petstore={petstore} revision={revision} />
          <Categories petstore={petstore} revision={revision} />
        </aside>
      </main>
    </>
  );
}

interface ListProps {
  petstore: PetstoreQueries;
  revision: number;
  selected: Pet | null;
  onSelect: (pet: Pet) => void;
}

function PetList({ petstore, selected, onSelect, revision }: ListProps) {
  const pets = useInfiniteQuery(
    petstore.infiniteQueryOptions("get", "/pets", { params: { query: { limit: PAGE_SIZE } } }),
  );
  const order = useOrder(petstore);
  useForgottenOnReplace(revision, order.reset);
  const list = pets.data?.pages.flatMap((page) => page.items) ?? [];
  const total = pets.data?.pages[0]?.totalCount;

  return (
    <section className="panel" aria-labelledby="pets-title">
      <h2 id="pets-title">Pets</h2>
      {pets.error && <p role="alert">{describeError(pets.error)}</p>}
      <ul className="pets" data-testid="pets">
        {list.map((pet) => (
          <PetRow
            key={pet.id}
            pet={pet}
            selected={pet.id === selected?.id}
            ordering={order.isPending}
            onSelect={() => onSelect(pet)}
            onOrder={(quantity) => {
              onSelect(pet);
              order.mutate({ body: { petId: pet.id, quantity } });
            }}
          />
        ))}
      </ul>
      <p className="pager">
        <span data-testid="count">{pets.isPending ? "Loading…" : `${list.length} of ${total ?? "?"}`}</span>
        <button
          type="button"
          data-testid="load-more"
          disabled={!pets.hasNextPage || pets.isFetchingNextPage}
          onClick={() => void pets.fetchNextPage()}
        >
          {pets.isFetchingNextPage ? "Loading…" : "Load more"}
        </button>
      </p>
      <p className="order-result" data-testid="order-result" role={order.isError ? "alert" : "status"}>
        {order.isPending && "Ordering…"}
        {order.isError && `Order failed: ${describeError(order.error)}`}
        {order.isSuccess && `Order #${order.data.id} placed: ${order.data.quantity} × pet #${order.data.petId}.`}
      </p>
    </section>
  );
}

interface RowProps {
  pet: Pet;
  selected: boolean;
  ordering: boolean;
  onSelect: () => void;
  onOrder: (quantity: number) => void;
}

function PetRow({ pet, selected, ordering, onSelect, onOrder }: RowProps) {
  const [quantity, setQuantity] = useState(1);
  return (
    <li className={selected ? "pet selected" : "pet"} data-testid="pet" data-pet-id={pet.id}>
      <button type="button" className="name" onClick={onSelect}>
        {pet.name}
      </button>
      <span className="status">{pet.status}</span>
      <input
        type="number"
        aria-label={`Quantity of ${pet.name}`}
        min={1}
        value={quantity}
        onChange={(event) => setQuantity(Math.max(1, Number(event.target.value) || 1))}
      />
      <button type="button" disabled={ordering || pet.status !== "available"} onClick={() => onOrder(quantity)}>
        Order
      </button>
    </li>
  );
}

/**
 * placeOrder with an optimistic update: the cached stock drops at once and comes back if the API refuses
 * (409 INSUFFICIENT_STOCK). On success, @petstore/query's own onSuccess invalidates what the document's
 * x-affects names (the inventory item, the pet lists, …): nothing is invalidated by hand.
 */
function useOrder(petstore: PetstoreQueries) {
  const queryClient = useQueryClient();
  const placeOrder = petstore.mutationOptions("post", "/store/orders");
  return useMutation({
    ...placeOrder,
    onMutate: async ({ body }) => {
      // queryOptions' key is tagged with the data type, so getQueryData and setQueryData are typed.
      const key = petstore.queryOptions("get", "/store/inventory/{petId}", {
        params: { path: { petId: body.petId } },
      }).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) {
        queryClient.setQueryData(key, { ...previous, quantity: Math.max(0, previous.quantity - body.quantity) });
      }
      return { key, previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) {
        queryClient.setQueryData(context.key, context.previous);
      }
    },
    onSuccess: (data, variables) => placeOrder.onSuccess(data, variables),
  });
}

/** The categories, each with a Delete button: a category that still has pets answers 409 CATEGORY_IN_USE. */
function Categories({ petstore, revision }: { petstore: PetstoreQueries; revision: number }) {
  const categories = useQuery(petstore.queryOptions("get", "/categories"));
  const remove = useMutation(petstore.mutationOptions("delete", "/categories/{categoryId}"));
  useForgottenOnReplace(revision, remove.reset);
  return (
    <section className="panel" aria-labelledby="categories-title" data-testid="categories">
      <h2 id="categories-title">Categories</h2>
      {categories.error && <p role="alert">{describeError(categories.error)}</p>}
      <ul className="categories">
        {categories.data?.map((category) => (
          <li key={category.id} data-testid="category">
            <span className="name">{category.name}</span>{" "}
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ params: { path: { categoryId: category.id } } })}
            >
              Delete {category.name}
            </button>
          </li>
        ))}
      </ul>
      <p data-testid="category-result" role={remove.isError ? "alert" : "status"}>
        {remove.isError && `Delete failed: ${describeError(remove.error)}`}
        {remove.isSuccess && "Category deleted."}
      </p>
    </section>
  );
}

function Inventory({ petstore, pet }: { petstore: PetstoreQueries; pet: Pet | null }) {
  const item = useQuery({
    ...petstore.queryOptions("get", "/store/inventory/{petId}", { params: { path: { petId: pet?.id ?? 0 } } }),
    enabled: pet !== null,
  });
  return (
    <section className="panel" aria-labelledby="inventory-title" data-testid="inventory">
      <h2 id="inventory-title">Stock</h2>
      {!pet && <p>Pick a pet to see its stock.</p>}
      {pet && (
        <>
          <p className="stock-of" data-testid="stock-of">
            {pet.name} (#{pet.id})
          </p>
          {item.error && <p role="alert">{describeError(item.error)}</p>}
          {item.data && (
            <p>
              <strong data-testid="stock">{item.data.quantity}</strong> in stock ·{" "}
              <span data-testid="stock-status">{item.data.status}</span>
            </p>
          )}
          <p className="fetching" data-testid="stock-fetching">
            {item.isFetching ? "refreshing…" : ""}
          </p>
        </>
      )}
    </section>
  );
}

interface Draft {
  name: string;
  categoryId: string;
}

/** The form's values as the body of createPet: an empty number field is a missing field. */
function toBody(draft: Draft): Record<string, unknown> {
  return { name: draft.name, ...(draft.categoryId === "" ? {} : { categoryId: Number(draft.categoryId) }) };
}

/** NewPet's check of the form's values; the SDK's schemas answer synchronously. */
function validate(draft: Draft) {
  const result = NewPet["~standard"].validate(toBody(draft));
  if (result instanceof Promise) {
    throw new TypeError("NewPet validated asynchronously");
  }
  return result;
}

/** The schema's issues by field (`name`, `categoryId`, or `""` for the body as a whole). */
function fieldErrors(draft: Draft): Record<string, string> | null {
  const result = validate(draft);
  if (!result.issues) {
    return null;
  }
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const first = issue.path?.[0];
    const field = String(typeof first === "object" ? first.key : (first ?? ""));
    errors[field] ??= issue.message;
  }
  return errors;
}

function PetForm({ petstore, revision }: { petstore: PetstoreQueries; revision: number }) {
  const [draft, setDraft] = useState<Draft>({ name: "", categoryId: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const createPet = useMutation(petstore.mutationOptions("post", "/pets"));
  useForgottenOnReplace(revision, createPet.reset);

  const change = (field: keyof Draft, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    // After the first submit, the errors follow the typing.
    if (checked) {
      setErrors(fieldErrors(next) ?? {});
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const result = validate(draft);
    if (result.issues) {
      setErrors(fieldErrors(draft) ?? {});
      return; // nothing is sent
    }
    setErrors({});
    createPet.mutate(
      { body: result.value },
      {
        onSuccess: () => {
          setDraft({ name: "", categoryId: "" });
          setChecked(false);
        },
      },
    );
  };

  return (
    <section className="panel" aria-labelledby="form-title">
      <h2 id="form-title">Add a pet</h2>
      <form data-testid="pet-form" noValidate onSubmit={submit}>
        <label>
          Name
          <input name="name" value={draft.name} onChange={(event) => change("name", event.target.value)} />
        </label>
        {errors.name && (
          <p className="field-error" data-testid="error-name">
            {errors.name}
          </p>
        )}
        <label>
          Category id
          <input
            name="categoryId"
            type="number"
            value={draft.categoryId}
            onChange={(event) => change("categoryId", event.target.value)}
          />
        </label>
        {errors.categoryId && (
          <p className="field-error" data-testid="error-categoryId">
            {errors.categoryId}
          </p>
        )}
        {errors[""] && <p className="field-error">{errors[""]}</p>}
        <button type="submit" disabled={createPet.isPending}>
          Add pet
        </button>
      </form>
      <p data-testid="form-result" role={createPet.isError ? "alert" : "status"}>
        {createPet.isError && `The API refused it: ${describeError(createPet.error)}`}
        {createPet.isSuccess && `${createPet.data.name} (#${createPet.data.id}) was added.`}
      </p>
    </section>
  );
}
