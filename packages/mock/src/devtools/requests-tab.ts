// The Requests tab: a live log of what the page's mock answered (newest first, the last 200), each entry opening to
// its request and response; a write names the reads its x-affects says it changes (what a cache should refetch).
import type { InspectedExchange } from "../core/inspect/exchanges.js";
import type { PanelContext } from "./context.js";
import { fill, h } from "./dom.js";
import { requestEntry } from "./request-entry.js";

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

  function refresh() {
    if (!context().connection.app) {
      fill(
        list,
        h("p", { class: "muted" }, "The log shows the mock in this page; a standalone mock logs in its own terminal."),
      );
      return;
    }
    fill(list, ...log.map(requestEntry));
  }

  return {
    element,
    record(exchange) {
      log.unshift(exchange);
      log.length = Math.min(log.length, KEPT);
      if (element.isConnected && !element.closest("[hidden]")) {
        list.prepend(requestEntry(exchange));
        list.children[KEPT]?.remove();
      }
    },
    refresh,
  };
}
