// The stateful mock inside the reference page: a Service Worker answers try-it under `baseUrl`.
// Loaded only when the page is static, so the page that petstore-mock serves does not carry it.

import { setupPetstoreServiceWorker } from "../src/browser.js";
import { DEMO_API_KEY } from "../src/index.js";

export { DEMO_API_KEY };

export async function startInPageMock(baseUrl: string) {
  const worker = setupPetstoreServiceWorker({ baseUrl });
  await worker.start({
    serviceWorker: { url: new URL("mockServiceWorker.js", location.href).pathname },
    onUnhandledRequest: "bypass",
    quiet: true,
  });
  return worker;
}
