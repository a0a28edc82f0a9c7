// One entry of the Requests tab's log: a line that opens to the request and the response.
import type { InspectedExchange } from "../core/inspect/exchanges.js";
import { operationById } from "./catalogue.js";
import { h, shownJson } from "./dom.js";

const clock = (time: number) => new Date(time).toISOString().slice(11, 23);

/** The entry's closed line: method, target, status, session, duration and time. */
function summaryOf(exchange: InspectedExchange): HTMLElement {
  return h(
    "summary",
    {},
    h("span", { class: "method" }, exchange.method),
    h("span", {}, exchange.target),
    h("span", { class: exchange.response.status >= 400 ? "bad" : "good", "data-status": "" }, exchange.response.status),
    h("span", { class: "muted" }, `${exchange.session} · ${exchange.durationMs} ms · ${clock(exchange.startedAt)}`),
  );
}

/** What an opened entry shows: the operation, the reads a write affects, and the bodies and headers. */
function detailsOf(exchange: InspectedExchange): HTMLElement {
  const { response } = exchange;
  const operation = exchange.operationId ? operationById.get(exchange.operationId) : undefined;
  const affects = operation?.affects.length ? operation.affects : undefined;
  return h(
    "div",
    {},
    h("div", { class: "muted" }, operation ? `${operation.operationId}: ${operation.summary}` : "not an operation"),
    affects &&
      h(
        "div",
        { "data-affects": "" },
        response.status >= 400 ? "Would affect, had it succeeded: " : "Affects (refetch): ",
        affects.join(", "),
      ),
    h("h3", {}, "Request body"),
    h("pre", {}, shownJson(exchange.requestBody)),
    h("h3", {}, "Response headers"),
    h("pre", {}, shownJson(response.headers)),
    h("h3", {}, "Response body"),
    h("pre", {}, shownJson(response.body)),
  );
}

export function requestEntry(exchange: InspectedExchange): HTMLDetailsElement {
  const details = h("details", { "data-request": exchange.id }, summaryOf(exchange));
  // The bodies are drawn when an entry is opened: a log of 200 large answers stays cheap to show.
  details.addEventListener("toggle", () => details.append(detailsOf(exchange)), { once: true });
  return details;
}
