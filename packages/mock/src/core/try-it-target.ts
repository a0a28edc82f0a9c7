// Where the API reference's try-it requests go; shared by the page and the server that serves it.

/** The file beside the reference's index.html that holds its `TryItTarget`. */
export const TRY_IT_FILE = "try-it.json";

/**
 * The static build says "in-page" (the mock in a Service Worker); petstore-mock answers the same file
 * with its own URL, and with the demo key only when it accepts it.
 */
export type TryItTarget = { mode: "in-page" } | { mode: "server"; url: string; apiKey: string | null };
