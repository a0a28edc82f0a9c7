// The SWR page: the mock in a Service Worker, then @petstore/query/swr's helpers in SWR's own hooks.
import { createPetstoreSWR } from "@petstore/query/swr";
import { createPetstoreClient } from "@petstore/sdk";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SWRConfig } from "swr";
import { SwrOrder } from "./SwrOrder.js";
import "../style.css";

const apiKey = import.meta.env.VITE_PETSTORE_API_KEY || "petstore-demo-key";
const baseUrl = new URL(`${import.meta.env.BASE_URL}api`, window.location.origin).href;

async function main(): Promise<void> {
  if (import.meta.env.DEV || import.meta.env.MODE === "mock") {
    const { setupPetstoreServiceWorker } = await import("@petstore/mock/browser");
    await setupPetstoreServiceWorker({ baseUrl, apiKeys: [apiKey] }).start({
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
      onUnhandledRequest: "bypass",
      quiet: !import.meta.env.DEV,
    });
  }
  const petstore = createPetstoreSWR(createPetstoreClient({ baseUrl, apiKey }));
  const root = document.getElementById("root");
  if (!root) {
    throw new Error("swr.html has no #root");
  }
  // No focus or reconnect revalidation: every read the page sends after its first load comes from an order.
  createRoot(root).render(
    <StrictMode>
      <SWRConfig value={{ revalidateOnFocus: false, revalidateOnReconnect: false }}>
        <SwrOrder petstore={petstore} />
      </SWRConfig>
    </StrictMode>,
  );
  document.body.dataset.ready = "true";
}

main().catch((error: unknown) => {
  document.body.textContent = `Failed to start: ${error instanceof Error ? error.message : String(error)}`;
  document.body.dataset.ready = "error";
});
