// Every state the app can be in, each on the stateful mock: `petstoreState` gives a story a store of its own
// (seeded, then arranged), answered by every operation of the API, with typed overrides or a `Prefer` scenario.
import { contract, createPetstoreHandlers, DEMO_API_KEY, petstoreState, type StoryMswContext } from "@petstore/mock";
import { mountPetstoreDevtools } from "@petstore/mock/devtools";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { App } from "./App.js";
import { createAppClients } from "./clients.js";

/** Where the app sends its requests and the mock answers: the story's own origin, under /api. */
const API = "/api";

/** The app as main.tsx mounts it, with a cache of its own for every render of a story. */
function PetstoreApp() {
  const [{ queryClient, petstore }] = useState(() =>
    createAppClients({ baseUrl: new URL(API, window.location.origin).href, apiKey: DEMO_API_KEY }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <App petstore={petstore} />
    </QueryClientProvider>
  );
}

const meta = {
  title: "Petstore/App",
  component: PetstoreApp,
} satisfies Meta<typeof PetstoreApp>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** Sets a pet's order quantity and presses its "Order" button. */
async function order(canvas: Canvas, name: string, quantity: number): Promise<void> {
  const input = await canvas.findByLabelText(`Quantity of ${name}`);
  // Typed over the selected value: the field never goes below 1, so clearing it first would leave "1".
  await userEvent.tripleClick(input);
  await userEvent.keyboard(String(quantity));
  const row = input.closest("li");
  await userEvent.click(within(row as HTMLElement).getByRole("button", { name: "Order" }));
}

/** Fills the new-pet form and submits it. */
async function addPet(canvas: Canvas, name: string, categoryId: string): Promise<void> {
  if (name) {
    await userEvent.type(canvas.getByLabelText("Name"), name);
  }
  if (categoryId) {
    await userEvent.type(canvas.getByLabelText("Category id"), categoryId);
  }
  await userEvent.click(canvas.getByRole("button", { name: "Add pet" }));
}

/** The demo data: 20 pets, five a page. */
export const WithPets: Story = {
  beforeEach: petstoreState({ baseUrl: API }),
};

/**
 * The inspector panel open over the app (`@petstore/mock/devtools`): choose an outcome for any operation, watch the
 * requests, edit the state. The story's mock is a `createPetstoreHandlers` the panel steers; unmounted on leaving.
 */
export const WithInspector: Story = {
  beforeEach: (context) => {
    const handlers = createPetstoreHandlers({ baseUrl: API });
    (context as unknown as StoryMswContext).msw.use(...handlers);
    const panel = mountPetstoreDevtools({ mock: handlers, open: true });
    return () => panel.unmount();
  },
};

/** No pets, no categories. */
export const Empty: Story = {
  beforeEach: petstoreState({ baseUrl: API, seed: false }),
};

/** 120 pets: "Load more" follows the `Link` header's next page, twice. */
export const LongPagedList: Story = {
  beforeEach: petstoreState({ baseUrl: API, seed: { pets: 120 } }),
  play: async ({ canvas }) => {
    await canvas.findByText("5 of 120");
    await userEvent.click(canvas.getByTestId("load-more"));
    await canvas.findByText("10 of 120");
    await userEvent.click(canvas.getByTestId("load-more"));
    await canvas.findByText("15 of 120");
  },
};

/** Every answer waits as long as `Prefer: delay` allows: the loading state stays on screen. */
export const Loading: Story = {
  beforeEach: petstoreState({ baseUrl: API, prefer: `delay=${contract.limits.preferDelayMaxMs}` }),
};

/** Rex is sold out: no stock, status sold, its "Order" button disabled. */
export const SoldOut: Story = {
  beforeEach: petstoreState({
    baseUrl: API,
    arrange(store) {
      const rex = store.pets.get(1);
      const stock = store.inventory.get(1);
      if (!rex || !stock) {
        throw new Error("the demo data has no pet 1");
      }
      store.pets.update(rex, { status: "sold" });
      store.inventory.update(stock, { quantity: 0, status: "sold" });
    },
  }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Rex" }));
    await expect(await canvas.findByTestId("stock")).toHaveTextContent("0");
    await expect(canvas.getByTestId("stock-status")).toHaveTextContent("sold");
  },
};

/** Two units of Rex left, five ordered: the API refuses with 409 INSUFFICIENT_STOCK. */
export const OrderFailsForLackOfStock: Story = {
  beforeEach: petstoreState({
    baseUrl: API,
    arrange(store) {
      const stock = store.inventory.get(1);
      if (!stock) {
        throw new Error("the demo data has no stock for pet 1");
      }
      store.inventory.update(stock, { quantity: 2 });
    },
  }),
  play: async ({ canvas }) => {
    await order(canvas, "Rex", 5);
    await canvas.findByText(/^Order failed: INSUFFICIENT_STOCK/);
  },
};

/** The list works, but placing an order meets an outage: a typed override answers 503 (with its Retry-After). */
export const OrderDuringOutage: Story = {
  beforeEach: petstoreState({
    baseUrl: API,
    overrides: (petstore) => [
      petstore.post("/store/orders", ({ reply }) =>
        reply(503, { code: "SERVICE_UNAVAILABLE", message: "orders are paused for maintenance", status: 503 }),
      ),
    ],
  }),
  play: async ({ canvas }) => {
    await order(canvas, "Rex", 1);
    await canvas.findByText(/^Order failed: SERVICE_UNAVAILABLE: orders are paused/);
  },
};

/** The whole service is down: every request is answered as `Prefer: code=503` asks (503, Retry-After). */
export const ServiceDown: Story = {
  beforeEach: petstoreState({ baseUrl: API, prefer: "code=503" }),
};

/** The mock accepts another key than the app's: every request gets 401 UNAUTHORIZED. */
export const Unauthorized: Story = {
  beforeEach: petstoreState({ baseUrl: API, apiKeys: ["a-key-this-app-does-not-have"] }),
};

/** The form checked by the API's own schema before sending: a name is required. */
export const PetFormFieldErrors: Story = {
  beforeEach: petstoreState({ baseUrl: API }),
  play: async ({ canvas }) => {
    await canvas.findByText("5 of 20");
    await addPet(canvas, "", "2");
    await canvas.findByTestId("error-name");
  },
};

/** A valid form the API refuses: category 999 does not exist (422 UNKNOWN_REFERENCE). */
export const PetFormRefusedByApi: Story = {
  beforeEach: petstoreState({ baseUrl: API }),
  play: async ({ canvas }) => {
    await canvas.findByText("5 of 20");
    await addPet(canvas, "Nemo", "999");
    await canvas.findByText(/^The API refused it: UNKNOWN_REFERENCE/);
  },
};

/** Three units of Rex ordered: the order's answer, and Rex's stock after it (a write to this story's store). */
export const OrderPlaced: Story = {
  beforeEach: petstoreState({ baseUrl: API }),
  play: async ({ canvas }) => {
    await order(canvas, "Rex", 3);
    await canvas.findByText(/^Order #\d+ placed: 3 × pet #1\.$/);
  },
};

/** Nemo added in category 1 (a write to this story's store). */
export const PetAdded: Story = {
  beforeEach: petstoreState({ baseUrl: API }),
  play: async ({ canvas }) => {
    await canvas.findByText("5 of 20");
    await addPet(canvas, "Nemo", "1");
    await canvas.findByText(/^Nemo \(#\d+\) was added\.$/);
  },
};
