// The Requests tab: a live log of what the page's mock answered (newest first, the last 200), each entry opening to
// its request and response; a write names the reads its x-affects says it changes (what a cache should refetch).
import type { InspectedExchange } from "../core/inspect/exchanges.js";
import { operationById } from "./catalogue.js";
import type { PanelContext } from "./context.js";
import { fill, h, shownJson } from "./dom.js";

const KEPT = 200;

export function requestsTab(context: () => PanelContext): {
  element: HTMLElement;
  record(exchange: InspectedExchange): void;
  refresh(): void;
} {
  const log: InspectedExchange[] = [];
  const list = h("div", { role: "log", "aria-label": "Requests" });
  const element = h(
    "div",
    {},
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          onclick: () => {
            log.length = 0;
            refresh();
          },
        },
        "Clear",
      ),
      h("span", { class: "muted" }, "Newest first; a write lists the reads it affects."),
    ),
    list,
  );

  function entryOf(exchange: InspectedExchange) {
    const { response } = exchange;
    const operation = exchange.operationId ? operationById.get(exchange.operationId) : undefined;
    const failed = response.status >= 400;
    const affects = operation?.affects.length ? operation.affects : undefined;
    const details = h(
      "details",
      { "data-request": exchange.id },
      h(
        "summary",
        {},
        h("span", { class: "method" }, exchange.method),
        h("span", {}, exchange.target),
        h("span", { class: failed ? "bad" : "good", "data-status": "" }, response.status),
        h("span", { class: "muted" }, `${exchange.session} · ${exchange.durationMs} ms · ${clock(exchange.startedAt)}`),
      ),
    );
    // The bodies are drawn when an entry is opened: a log of 200 large answers stays cheap to show.
    details.addEventListener(
      "toggle",
      () =>
        details.append(
          h(
            "div",
            {},
            h(
              "div",
              { class: "muted" },
              operation ? `${operation.operationId}: ${operation.summary}` : "not an operation",
            ),
            affects &&
              h(
                "div",
                { "data-affects": "" },
                failed ? "Would affect, had it succeeded: " : "Affects (refetch): ",
                affects.join(", "),
              ),
            h("h3", {}, "Request body"),
            h("pre", {}, shownJson(exchange.requestBody)),
            h("h3", {}, "Response headers"),
            h("pre", {}, shownJson(response.headers)),
            h("h3", {}, "Response body"),
            h("pre", {}, shownJson(response.body)),
          ),
        ),
      { once: true },
    );
    return details;
  }

  function refresh() {
    if (!context().connection.app) {
      fill(
        list,
        h("p", { class: "muted" }, "The log shows the mock in this page; a standalone mock logs in its own terminal."),
      );
      return;
    }
    fill(list, ...log.map(entryOf));
  }

  return {
    element,
    record(exchange) {
      log.unshift(exchange);
      log.length = Math.min(log.length, KEPT);
      if (element.isConnected && !element.closest("[hidden]")) {
        list.prepend(entryOf(exchange));
        list.children[KEPT]?.remove();
      }
    },
    refresh,
  };
}

const clock = (time: number) => new Date(time).toISOString().slice(11, 23);
