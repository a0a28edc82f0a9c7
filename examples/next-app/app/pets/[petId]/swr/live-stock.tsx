"use client";
// A pet's stock, read in the browser by SWR in suspense mode through `@petstore/query/swr`: the component suspends
// until the read answers, and `<Suspense fallback>` shows meanwhile. The SDK client's base URL is this app's
// read-only proxy (app/api/petstore), which adds the key and the session on the server.
import { createPetstoreSWR, useSWR } from "@petstore/query/swr";
import { createPetstoreClient } from "@petstore/sdk";
import { Suspense, useState, useSyncExternalStore } from "react";

const loading = <p role="status">Loading the stock…</p>;
const subscribe = () => () => {};

export function LiveStock({ petId }: { petId: number }) {
  // SWR's suspense mode reads in the browser only (on the server it would need the data as `fallback`): the server's
  // HTML and the hydration show the same fallback, then the browser renders the boundary, which suspends on the read.
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return inBrowser ? (
    <Suspense fallback={loading}>
      <StockCount petId={petId} />
    </Suspense>
  ) : (
    loading
  );
}

function StockCount({ petId }: { petId: number }) {
  const [petstore] = useState(() =>
    // The proxy replaces the key: the browser never holds the API's.
    createPetstoreSWR(
      createPetstoreClient({ baseUrl: `${location.origin}/api/petstore`, apiKey: "added-by-the-proxy" }),
    ),
  );
  const [key, fetcher, config] = petstore.swr("get", "/store/inventory/{petId}", { params: { path: { petId } } });
  // In suspense mode `data` is the InventoryItem, never undefined; a failure goes to the nearest error boundary as
  // the operation's PetstoreError.
  const { data } = useSWR(key, fetcher, { ...config, suspense: true, revalidateOnFocus: false });
  return (
    <p>
      In stock (SWR): <output aria-label="live stock">{data.quantity}</output>
    </p>
  );
}
