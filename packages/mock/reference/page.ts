// The API reference page: Swagger UI over the document. Try-it requests go to the mock in this page
// (a Service Worker, when the page is served statically) or to the petstore-mock server serving it.

import { TRY_IT_FILE, type TryItTarget } from "../src/core/try-it-target.js";
import {
  badges,
  codeSamples,
  commonResponseHeaders,
  inPageAddresses,
  type TerminalTarget,
  tryItWhereTheDocumentAllows,
} from "./swagger-ui-plugins.js";
import type { SwaggerUiBundle } from "./swagger-ui-types.js";

declare const SwaggerUIBundle: SwaggerUiBundle;

/** Where the mock in the page answers: a path of the page's own origin, so nothing leaves the browser. */
const IN_PAGE_BASE_URL = new URL("mock-api", location.href).href;

interface Document {
  servers?: { url: string; description?: string; variables?: object }[];
  components: { securitySchemes: Record<string, unknown> };
}

/** Swagger UI's bundle, loaded beside the page's own work: running it takes a while, and the rest need not wait. */
function loadSwaggerUi(): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("swagger-ui-bundle.js", location.href).href;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("swagger-ui-bundle.js could not be loaded"));
    document.head.append(script);
  });
}

async function readJson<T>(file: string): Promise<T> {
  const response = await fetch(new URL(file, location.href));
  if (!response.ok) {
    throw new Error(`${file}: ${response.status} ${response.statusText}`);
  }
  return (await response.json()) as T;
}

function showTarget(text: string, reset?: () => Promise<void>): void {
  const bar = document.getElementById("try-it-target") as HTMLElement;
  (bar.querySelector("[data-target]") as HTMLElement).textContent = text;
  const button = bar.querySelector("button") as HTMLButtonElement;
  button.hidden = reset === undefined;
  button.onclick = async () => {
    button.disabled = true;
    await reset?.();
    button.disabled = false;
    (bar.querySelector("[data-status]") as HTMLElement).textContent = "Demo data reset.";
  };
}

/** A server picker option is plain text: the description's inline Markdown (code, emphasis, links) as its text. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|\W)[*_](\S(?:.*?\S)?)[*_](?=\W|$)/g, "$1$2");
}

/**
 * The document's first server with a concrete address (the local mock): what a terminal can reach in place
 * of the in-page mock, and the command that starts petstore-mock there.
 */
function standInServer(servers: readonly { url: string }[]): TerminalTarget["standIn"] {
  const server = servers.find((entry) => !entry.url.includes("{"));
  if (!server) {
    return null;
  }
  const url = new URL(server.url);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return {
    url: server.url,
    command: `npx -p @petstore/mock petstore-mock --port ${port}`,
    cloneCommand: `pnpm exec petstore-mock --port ${port}`,
  };
}

async function main(): Promise<void> {
  const swaggerUi = loadSwaggerUi();
  const [target, spec] = await Promise.all([readJson<TryItTarget>(TRY_IT_FILE), readJson<Document>("openapi.json")]);
  let server: { url: string; description: string };
  let apiKey: string | null;
  if (target.mode === "in-page") {
    const mock = await import("./in-page-mock.js");
    const worker = await mock.startInPageMock(IN_PAGE_BASE_URL);
    server = { url: IN_PAGE_BASE_URL, description: "The mock in this page (Service Worker; state lives in this tab)" };
    apiKey = mock.DEMO_API_KEY;
    showTarget("the stateful mock in this page, with demo data", () => worker.reset());
  } else {
    server = { url: target.url, description: "This petstore-mock server" };
    apiKey = target.apiKey;
    showTarget(`this petstore-mock server, ${target.url}`);
  }
  await swaggerUi;
  // The page's own target first; the document's servers (the local CLI mock, any base URL) stay selectable.
  const documentServers = (spec.servers ?? []).map((entry) =>
    entry.description ? { ...entry, description: plainText(entry.description) } : entry,
  );
  spec.servers = [server, ...documentServers];
  const terminal: TerminalTarget = {
    inPageUrl: target.mode === "in-page" ? IN_PAGE_BASE_URL : null,
    standIn: standInServer(documentServers),
  };
  const ui = SwaggerUIBundle({
    spec,
    dom_id: "#reference",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [
      tryItWhereTheDocumentAllows,
      codeSamples(terminal),
      badges,
      commonResponseHeaders,
      ...(terminal.inPageUrl === null ? [] : [inPageAddresses(terminal)]),
    ],
    layout: "BaseLayout",
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    onComplete() {
      const [scheme] = Object.keys(spec.components.securitySchemes);
      if (scheme && apiKey) {
        ui.preauthorizeApiKey(scheme, apiKey);
      }
    },
  });
}

main().catch((error: Error) => {
  const reference = document.getElementById("reference") as HTMLElement;
  reference.textContent = `The reference could not start: ${error.message}`;
  reference.setAttribute("role", "alert");
});
