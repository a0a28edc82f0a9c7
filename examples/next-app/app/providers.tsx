"use client";
// TanStack Query in the browser, for the live parts of a page: `@petstore/query` over an SDK client whose base
// URL is this app's read-only proxy (app/api/petstore), which adds the key and the session on the server.
import { createPetstoreQueries, type PetstoreQueries } from "@petstore/query";
import { createPetstoreClient } from "@petstore/sdk";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useState } from "react";

const PetstoreContext = createContext<PetstoreQueries | null>(null);

export function Providers({ children }: { children: ReactNode }) {
  const [value] = useState(() => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    // While the server renders this component nothing is fetched (the queries start from the server's data).
    const origin = typeof location === "undefined" ? "http://127.0.0.1" : location.origin;
    // The proxy replaces the key: the browser never holds the API's.
    const client = createPetstoreClient({ baseUrl: `${origin}/api/petstore`, apiKey: "added-by-the-proxy" });
    return { queryClient, petstore: createPetstoreQueries(client, { queryClient }) };
  });
  return (
    <QueryClientProvider client={value.queryClient}>
      <PetstoreContext.Provider value={value.petstore}>{children}</PetstoreContext.Provider>
    </QueryClientProvider>
  );
}

export function usePetstore(): PetstoreQueries {
  const petstore = useContext(PetstoreContext);
  if (!petstore) {
    throw new Error("usePetstore() outside <Providers>");
  }
  return petstore;
}
