// The one setting that picks the backend: VITE_PETSTORE_BASE_URL (see README.md).

export interface AppConfig {
  /** `worker`: the mock answers in a Service Worker; `server`: requests go to `baseUrl`. */
  mode: "worker" | "server";
  baseUrl: string;
  apiKey: string;
}

export type Scenario = "normal" | "outage" | "slow";

/** The `Prefer` header each scenario sends: the mock honours it, a real API ignores it. */
export const PREFER: Record<Scenario, string | null> = {
  normal: null,
  outage: "code=503",
  slow: "delay=2000",
};

export function readConfig(): AppConfig {
  const apiKey = import.meta.env.VITE_PETSTORE_API_KEY || "petstore-demo-key";
  const configured = import.meta.env.VITE_PETSTORE_BASE_URL?.trim();
  if (configured) {
    return { mode: "server", baseUrl: configured.replace(/\/+$/, ""), apiKey };
  }
  // Same origin as the page, under /api: the Service Worker answers there.
  const api = new URL(`${import.meta.env.BASE_URL}api`, window.location.origin);
  return { mode: "worker", baseUrl: api.href, apiKey };
}

/** `?scenario=outage` or `?scenario=slow` in the page URL picks the scenario at load. */
export function initialScenario(): Scenario {
  const asked = new URLSearchParams(window.location.search).get("scenario");
  return asked === "outage" || asked === "slow" ? asked : "normal";
}
