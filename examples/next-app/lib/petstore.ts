// The server's way to the Petstore API: `@petstore/sdk` on the base URL and key of the environment (default: a
// `petstore-mock` on 127.0.0.1:4010 with its demo key), in the session the page's cookie names. Reads are cached
// by Next.js under the tags `@petstore/sdk/tags` gives them; writes revalidate the tags their `x-affects` names.
// Server code only: it reads the request's cookies.
import { createPetstoreClient, type PetstoreClient } from "@petstore/sdk";
import type { PetstoreTag } from "@petstore/sdk/tags";
import { revalidateTag } from "next/cache";
import { cookies } from "next/headers";

export const BASE_URL = process.env.PETSTORE_BASE_URL ?? "http://127.0.0.1:4010";
export const API_KEY = process.env.PETSTORE_API_KEY ?? "petstore-demo-key";

/** The cookie that names the mock's session of this browser (the tests set it; without it, `default`). */
export const SESSION_COOKIE = "petstore-session";
// The `X-Petstore-Session` header's rule (openapi/petstore.yaml): 1 to 64 of these characters.
const SESSION_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** The session the request's cookie names, if it names a valid one. */
export async function sessionName(): Promise<string | undefined> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  return value !== undefined && SESSION_NAME.test(value) ? value : undefined;
}

/** The header that sends every API call of this request to its session. */
export async function sessionHeaders(): Promise<Record<string, string>> {
  const session = await sessionName();
  return session ? { "X-Petstore-Session": session } : {};
}

/**
 * Next.js tags are global to the server, sessions are not: a tag carries the session it was read in, so a write
 * in one session (one test) never revalidates the reads of another. Without a session the tags are as given.
 */
function scoped(tags: readonly PetstoreTag[], session: string | undefined): string[] {
  return tags.map((tag) => (session ? `${tag}@${session}` : tag));
}

/**
 * A client on this request's session. With `tags`, its responses are kept in Next.js's data cache under them
 * (`cache: "force-cache"`) until a write revalidates one; without, nothing is cached (writes).
 */
export async function petstore(tags?: readonly PetstoreTag[]): Promise<PetstoreClient> {
  const session = await sessionName();
  const cached: RequestInit = tags
    ? { cache: "force-cache", next: { tags: scoped(tags, session) } }
    : { cache: "no-store" };
  return createPetstoreClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    headers: await sessionHeaders(),
    fetch: (request) => fetch(request, cached),
    // The pet page reads `GET /pets/{petId}`, deprecated (its Sunset is 2027-06-30): not worth a warning per start.
    onDeprecation: false,
  });
}

/**
 * Expires the tags a write affects at once (Next 16's `revalidateTag(tag, profile)`; `{ expire: 0 }` is
 * read-your-own-writes: the next read of each waits for fresh data rather than being served the stale one).
 */
export async function revalidate(tags: readonly PetstoreTag[]): Promise<void> {
  for (const tag of scoped(tags, await sessionName())) {
    revalidateTag(tag, { expire: 0 });
  }
}
