// The app's API clients: the SDK, TanStack Query's cache and @petstore/query's options over them. One set per
// page (src/main.tsx) or per story render (src/App.stories.tsx), so no cache outlives its page or story.
import { createPetstoreQueries } from "@petstore/query";
import { createPetstoreClient } from "@petstore/sdk";
import { QueryClient } from "@tanstack/react-query";

export function createAppClients({ baseUrl, apiKey }: { baseUrl: string; apiKey: string }) {
  const client = createPetstoreClient({ baseUrl, apiKey, timeoutMs: 8_000 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return { client, queryClient, petstore: createPetstoreQueries(client, { queryClient }) };
}
