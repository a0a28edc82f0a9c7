// The backend's whole state, read through the API: every page of each list, following `Link` next.

import { pageSize } from "@petstore/contract";
import { parseLinkHeader } from "@petstore/contract/checker";
import { absolute, nextPage } from "../http/paging.js";
import type { Target } from "../http/target.js";
import { Failure } from "../model/failure.js";
import type { ObservedState } from "../model/observed.js";

/** A guard against a `Link` next that never ends. */
const MAX_RECORDS = 100_000;

/** Every record of the list at `path`. */
export async function readList<T>(target: Target, path: string): Promise<T[]> {
  const records: T[] = [];
  const visited = new Set<string>();
  let url: string | undefined = `${path}?limit=${pageSize.maximum}`;
  while (url) {
    visited.add(absolute(target.baseUrl, url));
    const response = await target.send({ method: "GET", url });
    if (response.status !== 200 || !Array.isArray(response.json)) {
      throw new Failure(
        "document.status",
        `reading the state: GET ${url} answered ${response.status} ${response.text.slice(0, 300)}`,
        "200 with a JSON array",
        `${response.status} ${response.text.slice(0, 120)}`,
      );
    }
    records.push(...(response.json as T[]));
    const next = parseLinkHeader(response.headers.get("link") ?? "")?.find((link) => link.params.rel === "next");
    if (!next || response.json.length === 0 || records.length >= MAX_RECORDS) {
      break;
    }
    const followed = nextPage(target.baseUrl, absolute(target.baseUrl, url), next.uri, visited);
    if ("refused" in followed) {
      throw new Failure("model.paging", `reading the state: ${followed.refused}`, "a next page not read yet", next.uri);
    }
    url = followed.url;
  }
  return records;
}

export async function readState(target: Target): Promise<ObservedState> {
  const [pets, categories, orders, inventory] = await Promise.all([
    readList<ObservedState["pets"]["records"][number]>(target, "/pets"),
    readList<ObservedState["categories"]["records"][number]>(target, "/categories"),
    readList<ObservedState["orders"]["records"][number]>(target, "/store/orders"),
    readList<ObservedState["inventory"]["records"][number]>(target, "/store/inventory"),
  ]);
  return {
    pets: { records: pets },
    categories: { records: categories },
    orders: { records: orders },
    inventory: { records: inventory },
  };
}
