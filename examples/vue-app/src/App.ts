// The page: the first page of pets and the categories, each with a Delete button. Vue 3 components written as
// render functions (defineComponent + h), so no Vue compiler or Vite plugin is needed.
import { type Category, type Pet, type PetstoreClient, PetstoreError, unwrap } from "@petstore/sdk";
import { defineComponent, h, onMounted, type PropType, ref, watch } from "vue";

const PAGE_SIZE = 10;

/** `CODE: message` for a PetstoreError (its message without the "METHOD /path: " prefix), else the message. */
export function describeError(error: unknown): string {
  if (error instanceof PetstoreError) {
    return `${error.code}: ${error.message.slice(`${error.method} ${error.path}: `.length)}`;
  }
  return error instanceof Error ? error.message : String(error);
}

const clientProp = { type: Object as PropType<PetstoreClient>, required: true } as const;
/** Bumped by src/main.ts each time the inspector panel changes the mock's state: every list loads again. */
const revisionProp = { type: Number, default: 0 } as const;

const PetList = defineComponent({
  name: "PetList",
  props: { client: clientProp, revision: revisionProp },
  setup(props) {
    const pets = ref<Pet[] | null>(null);
    const total = ref(0);
    const error = ref<string | null>(null);

    async function load(): Promise<void> {
      try {
        const call = props.client.GET("/pets", { params: { query: { limit: PAGE_SIZE } } });
        const list = await unwrap(call);
        const { response } = await call;
        pets.value = list;
        total.value = Number(response.headers.get("X-Total-Count") ?? list.length);
        error.value = null;
      } catch (thrown) {
        error.value = describeError(thrown);
      }
    }
    onMounted(load);
    watch(() => props.revision, load);

    return () =>
      h("section", { class: "panel", "aria-labelledby": "pets-title", "data-testid": "pets-panel" }, [
        h("h2", { id: "pets-title" }, "Pets"),
        error.value && h("p", { role: "alert" }, error.value),
        pets.value === null
          ? h("p", "Loading…")
          : h("ul", { class: "pets", "data-testid": "pets" }, [
              ...pets.value.map((pet) =>
                h("li", { key: pet.id, "data-testid": "pet" }, [
                  h("span", { class: "name" }, pet.name),
                  " ",
                  h("span", { class: `status ${pet.status}` }, pet.status),
                ]),
              ),
            ]),
        pets.value && h("p", { class: "count", "data-testid": "count" }, `${pets.value.length} of ${total.value}`),
      ]);
  },
});

const CategoryList = defineComponent({
  name: "CategoryList",
  props: { client: clientProp, revision: revisionProp },
  setup(props) {
    const categories = ref<Category[] | null>(null);
    const loadError = ref<string | null>(null);
    const pending = ref(false);
    const result = ref<{ ok: boolean; text: string } | null>(null);

    async function load(): Promise<void> {
      try {
        categories.value = await unwrap(props.client.GET("/categories", { params: { query: { limit: 100 } } }));
        loadError.value = null;
      } catch (thrown) {
        loadError.value = describeError(thrown);
      }
    }
    onMounted(load);
    // The store was replaced (the panel's State tab): the last delete's line speaks of data that is gone.
    watch(
      () => props.revision,
      () => {
        result.value = null;
        return load();
      },
    );

    async function remove(category: Category): Promise<void> {
      pending.value = true;
      try {
        await unwrap(
          props.client.DELETE("/categories/{categoryId}", { params: { path: { categoryId: category.id } } }),
        );
        result.value = { ok: true, text: "Category deleted." };
        await load();
      } catch (thrown) {
        result.value = { ok: false, text: `Delete failed: ${describeError(thrown)}` };
      } finally {
        pending.value = false;
      }
    }

    return () =>
      h("section", { class: "panel", "aria-labelledby": "categories-title", "data-testid": "categories" }, [
        h("h2", { id: "categories-title" }, "Categories"),
        loadError.value && h("p", { role: "alert" }, loadError.value),
        h(
          "ul",
          { class: "categories" },
          (categories.value ?? []).map((category) =>
            h("li", { key: category.id, "data-testid": "category" }, [
              h("span", { class: "name" }, category.name),
              " ",
              h(
                "button",
                { type: "button", disabled: pending.value, onClick: () => void remove(category) },
                `Delete ${category.name}`,
              ),
            ]),
          ),
        ),
        h(
          "p",
          { "data-testid": "category-result", role: result.value && !result.value.ok ? "alert" : "status" },
          result.value?.text ?? "",
        ),
      ]);
  },
});

export const App = defineComponent({
  name: "App",
  props: { client: clientProp, revision: revisionProp },
  setup(props) {
    return () => [
      h("header", { class: "top" }, [
        h("h1", "Petstore"),
        h("p", { class: "mode" }, "Vue 3 over @petstore/sdk, on the mock in a Service Worker"),
      ]),
      h("main", { class: "layout" }, [
        h(PetList, { client: props.client, revision: props.revision }),
        h(CategoryList, { client: props.client, revision: props.revision }),
      ]),
    ];
  },
});
