// Starts the mock in a Service Worker and its inspector panel (development only), then mounts the Vue app.
import { createPetstoreClient } from "@petstore/sdk";
import { createApp, h, ref } from "vue";
import { App } from "./App.js";
import "./style.css";

const apiKey = import.meta.env.VITE_PETSTORE_API_KEY || "petstore-demo-key";
// Same origin as the page, under /api: the Service Worker answers there.
const baseUrl = new URL(`${import.meta.env.BASE_URL}api`, window.location.origin).href;

async function main(): Promise<void> {
  const client = createPetstoreClient({ baseUrl, apiKey, timeoutMs: 8_000 });
  // Bumped after the inspector panel changes the mock's state: the App's lists load again.
  const revision = ref(0);

  // The mock answers in a Service Worker, with the demo data, fresh at every page load: in development (`vite`,
  // `vite build --mode development`) and in the tests' demo build (`vite build --mode mock`). Both modules are
  // chunks of their own, loaded before the app's first request; a production build has neither the branch nor the
  // chunks, and its requests go to the API under /api.
  if (import.meta.env.DEV || import.meta.env.MODE === "mock") {
    const [{ setupPetstoreServiceWorker }, { mountPetstoreDevtools, STATE_CHANGE_EVENT }] = await Promise.all([
      import("@petstore/mock/browser"),
      import("@petstore/mock/devtools"),
    ]);
    const worker = setupPetstoreServiceWorker({ baseUrl, apiKeys: [apiKey] });
    await worker.start({
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
      onUnhandledRequest: "bypass",
      quiet: !import.meta.env.DEV,
    });
    // The inspector (a toggle at the bottom right): outcomes per operation, the request log, the state as tables.
    mountPetstoreDevtools({ mock: worker });
    window.addEventListener(STATE_CHANGE_EVENT, () => {
      revision.value += 1;
    });
  }

  createApp({ render: () => h(App, { client, revision: revision.value }) }).mount("#app");
  document.body.dataset.ready = "true";
}

main().catch((error: unknown) => {
  document.body.textContent = `Failed to start: ${error instanceof Error ? error.message : String(error)}`;
  document.body.dataset.ready = "error";
});
