// A small page over @petstore/sdk: browse pets by status with paging, add a pet, order one. With no
// VITE_PETSTORE_BASE_URL the mock answers in a Service Worker, so it runs with no backend at all.
import type { Category, Pet, PetStatus } from "@petstore/sdk";
import { createClient, friendlyMessage } from "./api.js";
import { initialScenario, readConfig, type Scenario } from "./config.js";
import "./style.css";

const PAGE_SIZE = 6;

interface State {
  status: PetStatus | "all";
  name: string;
  offset: number;
  scenario: Scenario;
  categories: Map<number, Category>;
}

const state: State = { status: "available", name: "", offset: 0, scenario: initialScenario(), categories: new Map() };

/** The element that carries `data-testid="<id>"` (the page's hooks, for people and for the e2e test). */
function byTestId<T extends HTMLElement>(id: string): T {
  const element = document.querySelector<T>(`[data-testid="${id}"]`);
  if (!element) {
    throw new Error(`index.html has no [data-testid="${id}"]`);
  }
  return element;
}

/** A DOM element with text content only: names come from the API and are never parsed as HTML. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const { dataset, ...rest } = props;
  const element = Object.assign(document.createElement(tag), rest);
  Object.assign(element.dataset, dataset);
  element.append(...children);
  return element;
}

const ui = {
  mode: byTestId("mode"),
  filters: document.querySelector<HTMLFormElement>("#filters")!,
  notice: byTestId("notice"),
  error: byTestId("error"),
  pets: byTestId<HTMLUListElement>("pets"),
  prev: byTestId<HTMLButtonElement>("prev"),
  next: byTestId<HTMLButtonElement>("next"),
  range: byTestId("range"),
  addPet: byTestId<HTMLFormElement>("add-pet"),
  reset: byTestId<HTMLButtonElement>("reset"),
};

const config = readConfig();
const client = createClient(config, () => state.scenario);

function showNotice(text: string) {
  ui.error.hidden = true;
  ui.notice.textContent = text;
}

function showError(error: unknown) {
  ui.notice.textContent = "";
  ui.error.textContent = friendlyMessage(error, config);
  ui.error.hidden = false;
}

/**
 * Runs one SDK call: its data, or `null` after showing why it failed. An API error arrives as the
 * typed `error` of the result; a network failure or a time-out is thrown as a PetstoreError.
 */
async function attempt<Data>(
  call: Promise<{ data?: Data; error?: unknown; response: Response }>,
): Promise<{ data: Data; response: Response } | null> {
  try {
    const { data, error, response } = await call;
    if (error !== undefined) {
      showError(error);
      return null;
    }
    return { data: data as Data, response };
  } catch (thrown) {
    showError(thrown);
    return null;
  }
}

async function loadCategories(): Promise<boolean> {
  const result = await attempt(client.GET("/categories", { params: { query: { limit: 100 } } }));
  if (!result) {
    return false;
  }
  state.categories = new Map(result.data.map((category) => [category.id, category]));
  const select = ui.addPet.elements.namedItem("categoryId") as HTMLSelectElement;
  const chosen = select.value;
  select.replaceChildren(
    ...result.data.map((category) => h("option", { value: String(category.id), textContent: category.name })),
  );
  if (chosen) {
    select.value = chosen;
  }
  return true;
}

/** Whether the `Link` header (RFC 8288) has a relation `rel`. */
function hasLink(response: Response, rel: "next" | "prev"): boolean {
  return new RegExp(`rel="?${rel}"?`).test(response.headers.get("Link") ?? "");
}

function petCard(pet: Pet): HTMLLIElement {
  const order = h("button", { type: "button", textContent: "Order 1", disabled: pet.status !== "available" });
  order.addEventListener("click", () => orderPet(pet, order));
  return h(
    "li",
    { className: "pet", dataset: { testid: "pet", petId: String(pet.id) } },
    h("h3", { textContent: pet.name }),
    h("span", { className: "meta", textContent: `#${pet.id} · ${state.categories.get(pet.categoryId)?.name ?? "?"}` }),
    h("span", { className: `status ${pet.status}`, textContent: pet.status }),
    order,
  );
}

/** Counts list requests, so an answer that arrives after a newer request was sent is dropped. */
let listRequests = 0;

async function loadPets(): Promise<void> {
  const request = ++listRequests;
  ui.pets.setAttribute("aria-busy", "true");
  const query = {
    limit: PAGE_SIZE,
    offset: state.offset,
    ...(state.status === "all" ? {} : { status: [state.status] }),
    ...(state.name ? { name: state.name } : {}),
  };
  const result = await attempt(client.GET("/pets", { params: { query } }));
  if (request !== listRequests) {
    return;
  }
  ui.pets.setAttribute("aria-busy", "false");
  if (!result) {
    // Keep showing the last page that loaded, under the message that says why it is not fresh.
    return;
  }
  const { data: pets, response } = result;
  const total = Number(response.headers.get("X-Total-Count") ?? pets.length);
  ui.pets.replaceChildren(
    ...(pets.length ? pets.map(petCard) : [h("li", { className: "empty", textContent: "No pets match." })]),
  );
  ui.range.textContent = pets.length
    ? `${state.offset + 1}–${state.offset + pets.length} of ${total}`
    : `0 of ${total}`;
  ui.prev.disabled = !hasLink(response, "prev");
  ui.next.disabled = !hasLink(response, "next");
}

/** Loads what the page shows; the categories first, since the cards name them. */
async function refresh(): Promise<void> {
  ui.error.hidden = true;
  if (state.categories.size > 0 || (await loadCategories())) {
    await loadPets();
  } else {
    ui.pets.setAttribute("aria-busy", "false");
  }
}

async function orderPet(pet: Pet, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  const result = await attempt(client.POST("/store/orders", { body: { petId: pet.id, quantity: 1 } }));
  if (result) {
    showNotice(`Order #${result.data.id} placed: 1 × ${pet.name}.`);
    // Ordering may change the pet's status (the last unit makes it pending): show the list as it is now.
    await loadPets();
  } else {
    button.disabled = false;
  }
}

async function addPet(form: HTMLFormElement): Promise<void> {
  const fields = new FormData(form);
  const name = String(fields.get("name")).trim();
  const stock = Number(fields.get("stock"));
  const created = await attempt(
    client.POST("/pets", {
      body: { name, categoryId: Number(fields.get("categoryId")), status: fields.get("status") as PetStatus },
    }),
  );
  if (!created) {
    return;
  }
  const pet = created.data;
  let stocked = 0;
  if (stock > 0) {
    const inventory = await attempt(
      client.PUT("/store/inventory/{petId}", { params: { path: { petId: pet.id } }, body: { quantity: stock } }),
    );
    if (!inventory) {
      return;
    }
    stocked = inventory.data.quantity;
  }
  form.reset();
  // Show the new pet: filter the list on its name and status.
  Object.assign(state, { status: pet.status, name: pet.name, offset: 0 });
  (ui.filters.elements.namedItem("status") as HTMLSelectElement).value = pet.status;
  (ui.filters.elements.namedItem("name") as HTMLInputElement).value = pet.name;
  showNotice(`${pet.name} (#${pet.id}) was added with ${stocked} in stock.`);
  await loadPets();
}

function wireEvents(): void {
  ui.filters.addEventListener("submit", (event) => event.preventDefault());
  ui.filters.addEventListener("change", (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.name === "scenario") {
      state.scenario = target.value as Scenario;
      ui.notice.textContent = "";
      void refresh();
      return;
    }
    state.status = (ui.filters.elements.namedItem("status") as HTMLSelectElement).value as State["status"];
    state.name = (ui.filters.elements.namedItem("name") as HTMLInputElement).value.trim();
    state.offset = 0;
    void loadPets();
  });
  ui.prev.addEventListener("click", () => {
    state.offset = Math.max(0, state.offset - PAGE_SIZE);
    void loadPets();
  });
  ui.next.addEventListener("click", () => {
    state.offset += PAGE_SIZE;
    void loadPets();
  });
  ui.addPet.addEventListener("submit", (event) => {
    event.preventDefault();
    void addPet(event.currentTarget as HTMLFormElement);
  });
}

async function main(): Promise<void> {
  if (config.mode === "worker") {
    // Loaded only in this mode, so a build pointed at a real API never starts the mock.
    const { setupPetstoreServiceWorker } = await import("@petstore/mock/browser");
    // persist: what you add or order survives a reload and shows in the app's other tabs.
    const worker = setupPetstoreServiceWorker({ baseUrl: config.baseUrl, apiKeys: [config.apiKey], persist: true });
    await worker.start({
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
      onUnhandledRequest: "bypass",
      quiet: !import.meta.env.DEV,
    });
    ui.mode.textContent = "Mock Service Worker: no backend needed";
    ui.reset.hidden = false;
    ui.reset.addEventListener("click", async () => {
      ui.reset.disabled = true;
      // Back to the demo data in every tab of the app, and nothing saved any more.
      await worker.reset();
      ui.reset.disabled = false;
      Object.assign(state, { status: "available", name: "", offset: 0 });
      (ui.filters.elements.namedItem("status") as HTMLSelectElement).value = state.status;
      (ui.filters.elements.namedItem("name") as HTMLInputElement).value = "";
      showNotice("The demo data is back.");
      state.categories.clear();
      await refresh();
    });
    if (import.meta.env.DEV) {
      // The inspector (`vite` only, never in a build): outcomes per operation, the request log, the state as tables.
      const { mountPetstoreDevtools, STATE_CHANGE_EVENT } = await import("@petstore/mock/devtools");
      mountPetstoreDevtools({ mock: worker, position: "bottom-left" });
      window.addEventListener(STATE_CHANGE_EVENT, () => {
        state.categories.clear();
        void refresh();
      });
    }
  } else {
    ui.mode.textContent = `API: ${config.baseUrl}`;
  }
  (ui.filters.elements.namedItem("scenario") as HTMLSelectElement).value = state.scenario;
  wireEvents();
  await refresh();
  document.body.dataset.ready = "true";
}

main().catch((error: unknown) => {
  ui.mode.textContent = "Failed to start";
  showError(error);
});
