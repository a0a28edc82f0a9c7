// Starts the mock in a Service Worker, then renders the app: @petstore/query's options in React hooks.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { createAppClients } from "./clients.js";
import "./style.css";

const apiKey = import.meta.env.VITE_PETSTORE_API_KEY || "petstore-demo-key";
/**
 * `?mock=http://127.0.0.1:4010` in the page URL (development and the demo build only): the page uses that standalone
 * petstore-mock, e.g. a team's shared one, instead of the mock in a Service Worker, and the inspector steers it.
 */
const standalone =
  import.meta.env.DEV || import.meta.env.MODE === "mock"
    ? new URLSearchParams(window.location.search).get("mock")
    : null;
// Same origin as the page, under /api: the Service Worker answers there.
const baseUrl = standalone ?? new URL(`${import.meta.env.BASE_URL}api`, window.location.origin).href;

/**
 * `?writeDelay=800` in the page URL makes every write wait 800 ms in the mock (`Prefer: delay=800`), so the
 * optimistic update can be watched before the answer (and its rollback, when the answer is an error).
 */
const writeDelay = new URLSearchParams(window.location.search).get("writeDelay");

async function main(): Promise<void> {
  // The mock answers in a Service Worker, with the demo data, fresh at every page load: in development (`vite`,
  // `vite build --mode development`) and in the tests' demo build (`vite build --mode mock`). A chunk of its own,
  // loaded before the app's first request; a production build has neither the branch nor the chunk, and its
  // requests go to the API under /api.
  const { client, queryClient, petstore } = createAppClients({ baseUrl, apiKey });
  const root = document.getElementById("root");
  if (!root) {
    throw new Error("index.html has no #root");
  }
  const reactRoot = createRoot(root);
  let revision = 0;
  /** Renders the page; a new `next` tells it that the API's data was replaced under it. */
  const render = (next: number) => {
    revision = next;
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App petstore={petstore} revision={revision} />
        </QueryClientProvider>
      </StrictMode>,
    );
  };
  if (import.meta.env.DEV || import.meta.env.MODE === "mock") {
    const [{ setupPetstoreServiceWorker }, { petstoreDevtoolsPlugin, STATE_CHANGE_EVENT }] = await Promise.all([
      import("@petstore/mock/browser"),
      import("@petstore/mock/devtools/tanstack"),
    ]);
    // With `?mock=URL`, the inspector steers that standalone mock through its control API, with the page's key;
    // else the mock in a Service Worker.
    const target = standalone ? { server: { url: standalone, apiKey } } : { mock: await startWorker() };
    async function startWorker() {
      const worker = setupPetstoreServiceWorker({ baseUrl, apiKeys: [apiKey] });
      await worker.start({
        serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
        onUnhandledRequest: "bypass",
        quiet: !import.meta.env.DEV,
      });
      return worker;
    }
    // The inspector, as a TanStack Devtools plugin beside TanStack Query's panel (the TanStack trigger at the bottom
    // left): outcomes per operation, the request log, the state as tables. Made now, so its request log holds the
    // first requests; TanStack Devtools (src/devtools.tsx, a chunk of its own) loads after the page starts.
    const plugin = petstoreDevtoolsPlugin(target);
    void import("./devtools.js").then(({ mountTanStackDevtools }) => mountTanStackDevtools(plugin, queryClient));
    // After the inspector changes the state, the cache refetches what is on screen.
    window.addEventListener(STATE_CHANGE_EVENT, () => void queryClient.invalidateQueries());
    // The store was replaced: the page's status lines ("Category deleted.") speak of data that is gone.
    window.addEventListener(STATE_CHANGE_EVENT, () => render(revision + 1));
  }

  if (writeDelay && /^\d+$/.test(writeDelay)) {
    client.use({
      onRequest({ request }) {
        if (request.method !== "GET") {
          request.headers.set("Prefer", `delay=${writeDelay}`);
        }
        return request;
      },
    });
  }

  render(0);
  document.body.dataset.ready = "true";
}

main().catch((error: unknown) => {
  document.body.textContent = `Failed to start: ${error instanceof Error ? error.message : String(error)}`;
  document.body.dataset.ready = "error";
});
