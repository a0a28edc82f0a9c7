// mountPetstoreDevtools: a toggle in a corner that opens the inspector over the page, in a shadow root of its own.
import { type Connection, pageConnection, serverConnection } from "./connection.js";
import { messageOf, type PanelContext, STATE_CHANGE_EVENT } from "./context.js";
import { h } from "./dom.js";
import { operationsTab } from "./operations-tab.js";
import type { PetstoreDevtools, PetstoreDevtoolsOptions } from "./options.js";
import { requestsTab } from "./requests-tab.js";
import { stateTab } from "./state-tab.js";
import { styles } from "./styles.js";

const TABS = ["Operations", "Requests", "State"] as const;

/**
 * Mounts the inspector: the document's operations with the outcomes each may answer, a live request log, and each
 * session's state as tables edited within the snapshot rules. Load it in development only, beside the mock.
 * @example
 * const { mountPetstoreDevtools } = await import("@petstore/mock/devtools");
 * mountPetstoreDevtools({ mock: worker });
 */
export function mountPetstoreDevtools(options: PetstoreDevtoolsOptions = {}): PetstoreDevtools {
  if (!options.mock && !options.server) {
    throw new TypeError("mountPetstoreDevtools(): give mock (the mock in this page) or server ({ url, apiKey })");
  }
  const host = h("div", { "data-petstore-devtools": "" });
  const root = host.attachShadow({ mode: "open" });
  let connection: Connection;

  const status = h("div", { class: "message", role: "status" });
  const context: PanelContext = {
    get connection() {
      return connection;
    },
    say(text, tone) {
      status.textContent = text;
      status.className = `message ${tone ?? ""}`;
    },
    stateChanged(session) {
      window.dispatchEvent(new CustomEvent(STATE_CHANGE_EVENT, { detail: { session } }));
    },
  };
  const tabs = {
    Operations: operationsTab(() => context),
    Requests: requestsTab(() => context),
    State: stateTab(() => context),
  };
  let selected: (typeof TABS)[number] = "Operations";
  // From the start, not from the (asynchronous) connection: the app's first requests are in the log too.
  const app = options.mock?.app;
  const stopLogging = app?.observe((exchange) => tabs.Requests.record(exchange));
  // Redrawn only where seen: opening the panel or the tab draws it anew.
  const stopWatching = app?.scenarios.subscribe(() => {
    if (selected === "Operations" && !panel.hidden) {
      tabs.Operations.refresh();
    }
  });

  const tabButtons = TABS.map((name) =>
    h(
      "button",
      {
        role: "tab",
        id: `tab-${name}`,
        "aria-controls": `panel-${name}`,
        onclick: () => name !== selected && select(name),
      },
      name,
    ),
  );
  const tabList = h("div", { role: "tablist", "aria-label": "Inspector", onkeydown: moveBetweenTabs }, ...tabButtons);
  const panes = TABS.map((name) =>
    h(
      "div",
      { role: "tabpanel", id: `panel-${name}`, "aria-labelledby": `tab-${name}`, class: "body" },
      tabs[name].element,
    ),
  );
  const urlInput = h("input", {
    placeholder: "http://127.0.0.1:4010",
    "aria-label": "Standalone mock URL",
    value: options.server?.url ?? "",
  });
  const keyInput = h("input", { placeholder: "API key", "aria-label": "API key", value: options.server?.apiKey ?? "" });
  const target = h("span", { class: "muted", "data-connection": "" });
  const panel = h(
    "section",
    { class: "panel", role: "dialog", "aria-label": "Petstore mock inspector", hidden: true, onkeydown: closeOnEscape },
    h(
      "header",
      {},
      h("span", { class: "title" }, "Petstore mock"),
      tabList,
      target,
      h("span", { class: "spacer" }),
      options.mock && h("button", { onclick: () => connect(() => pageConnection(options.mock!.app)) }, "This page"),
      urlInput,
      keyInput,
      h("button", { onclick: () => connect(async () => serverConnection(urlInput.value, keyInput.value)) }, "Connect"),
      h("button", { "aria-label": "Close the inspector", onclick: () => close() }, "✕"),
    ),
    status,
    ...panes,
  );
  const toggle = h(
    "button",
    {
      class: `toggle ${options.position ?? "bottom-right"}`,
      "aria-expanded": "false",
      "aria-label": "Petstore mock inspector",
      onclick: () => (panel.hidden ? open() : close()),
    },
    "🐾 Petstore",
  );
  root.append(h("style", {}, styles), toggle, panel);
  (options.parent ?? document.body).append(host);

  function select(name: (typeof TABS)[number]) {
    selected = name;
    TABS.forEach((tab, index) => {
      tabButtons[index]!.setAttribute("aria-selected", String(tab === name));
      tabButtons[index]!.tabIndex = tab === name ? 0 : -1;
      panes[index]!.hidden = tab !== name;
    });
    void tabs[name].refresh();
  }

  function moveBetweenTabs(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step) {
      const next = TABS[(TABS.indexOf(selected) + step + TABS.length) % TABS.length]!;
      select(next);
      tabButtons[TABS.indexOf(next)]!.focus();
    }
  }

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === "Escape") {
      close();
    }
  }

  async function connect(make: () => Promise<Connection>) {
    try {
      const next = await make();
      connection = next;
      target.textContent = `steering ${next.label}`;
      context.say("");
      select(selected);
    } catch (error) {
      context.say(`Could not connect: ${messageOf(error)}`, "bad");
    }
  }

  // While open, the page can scroll its end out from under the panel.
  const pageStyle = document.documentElement.style;
  const pagePadding = pageStyle.paddingBottom;

  function open() {
    panel.hidden = false;
    select(selected);
    pageStyle.paddingBottom = "45vh";
    toggle.setAttribute("aria-expanded", "true");
    tabButtons[TABS.indexOf(selected)]!.focus();
  }

  function close() {
    panel.hidden = true;
    pageStyle.paddingBottom = pagePadding;
    toggle.setAttribute("aria-expanded", "false");
    toggle.focus();
  }

  const ready = options.mock
    ? connect(() => pageConnection(options.mock!.app))
    : connect(async () => serverConnection(options.server!.url, options.server!.apiKey));
  void ready.then(() => options.open && open());

  return {
    element: host,
    open,
    close,
    unmount() {
      stopLogging?.();
      stopWatching?.();
      pageStyle.paddingBottom = pagePadding;
      host.remove();
    },
  };
}
