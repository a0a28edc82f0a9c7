// mountPetstoreDevtools: a toggle in a corner that opens the inspector over the page, in a shadow root of its own.
import { type Connection, pageConnection, serverConnection } from "./connection.js";
import { connectionControls } from "./connection-controls.js";
import { messageOf, type PanelContext, STATE_CHANGE_EVENT } from "./context.js";
import { h } from "./dom.js";
import { operationsTab } from "./operations-tab.js";
import type { PetstoreDevtools, PetstoreDevtoolsOptions } from "./options.js";
import { pawIcon } from "./paw-icon.js";
import { requestsTab } from "./requests-tab.js";
import { stateTab } from "./state-tab.js";
import { styles } from "./styles.js";
import { type PanelTab, type TabName, tabStrip } from "./tab-strip.js";

/** What the tabs share: the connection (`connection()`, the current one), and the status line `status`. */
function panelContext(status: HTMLElement, connection: () => Connection): PanelContext {
  return {
    get connection() {
      return connection();
    },
    say(text, tone) {
      status.textContent = text;
      status.className = `message ${tone ?? ""}`;
    },
    stateChanged(session) {
      window.dispatchEvent(new CustomEvent(STATE_CHANGE_EVENT, { detail: { session } }));
    },
  };
}

/**
 * The tabs, drawing only once `connected()`: a tab opened before the connection is made (the panel's chunks still
 * loading) waits, and `connect()` draws the selected one once it is.
 */
function drawnWhenConnected(tabs: Record<TabName, PanelTab>, connected: () => boolean): Record<TabName, PanelTab> {
  const wait = ({ element, refresh }: PanelTab): PanelTab => ({ element, refresh: () => connected() && refresh() });
  return { Operations: wait(tabs.Operations), Requests: wait(tabs.Requests), State: wait(tabs.State) };
}

/** The panel: its header (title, tabs, connection controls, ×), the status line and the tabs' panes; Escape closes it. */
function panelElement(
  tabList: HTMLElement,
  controls: (HTMLElement | undefined)[],
  status: HTMLElement,
  panes: HTMLElement[],
  close: () => void,
): HTMLElement {
  return h(
    "section",
    {
      class: "panel",
      role: "dialog",
      "aria-label": "Petstore mock inspector",
      hidden: true,
      onkeydown: (event: KeyboardEvent) => event.key === "Escape" && close(),
    },
    h(
      "header",
      {},
      h("span", { class: "title" }, "Petstore mock"),
      tabList,
      // Beside the tabs on a wide page; a row of their own on a narrow one (styles.ts), the close button staying up.
      h("div", { class: "connection" }, ...controls),
      h("button", { class: "close", "aria-label": "Close the inspector", onclick: close }, "×"),
    ),
    status,
    ...panes,
  );
}

/** The button in a corner of the page that opens and closes the panel. */
function toggleButton(position: NonNullable<PetstoreDevtoolsOptions["position"]>, onclick: () => void): HTMLElement {
  return h(
    "button",
    { class: `toggle ${position}`, "aria-expanded": "false", "aria-label": "Petstore mock inspector", onclick },
    pawIcon(),
    " Petstore",
  );
}

/** Room at the end of the page while the panel is open: else the page can scroll its end out from under the panel. */
function pageRoom() {
  const style = document.documentElement.style;
  const padding = style.paddingBottom;
  return {
    make: () => {
      style.paddingBottom = "45vh";
    },
    giveBack: () => {
      style.paddingBottom = padding;
    },
  };
}

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
  const context = panelContext(status, () => connection);
  const tabs = {
    Operations: operationsTab(() => context),
    Requests: requestsTab(() => context),
    State: stateTab(() => context),
  };
  const strip = tabStrip(drawnWhenConnected(tabs, () => connection !== undefined));
  // From the start, not from the (asynchronous) connection: the app's first requests are in the log too.
  const app = options.mock?.app;
  const stopLogging = app?.observe((exchange) => tabs.Requests.record(exchange));
  // Redrawn only where seen: opening the panel or the tab draws it anew.
  const stopWatching = app?.scenarios.subscribe(() => {
    if (strip.selected === "Operations" && !panel.hidden && connection) {
      tabs.Operations.refresh();
    }
  });

  const controls = connectionControls(options, (make) => void connect(make));
  const panel = panelElement(strip.tabList, controls.elements, status, strip.panes, () => close());
  const toggle = toggleButton(options.position ?? "bottom-right", () => (panel.hidden ? open() : close()));
  root.append(h("style", {}, styles), toggle, panel);
  (options.parent ?? document.body).append(host);

  async function connect(make: () => Promise<Connection>) {
    try {
      const next = await make();
      connection = next;
      controls.show(next);
      context.say("");
      strip.select();
    } catch (error) {
      context.say(`Could not connect: ${messageOf(error)}`, "bad");
    }
  }

  const room = pageRoom();

  function open() {
    panel.hidden = false;
    strip.select();
    room.make();
    toggle.setAttribute("aria-expanded", "true");
    strip.focus();
  }

  function close() {
    panel.hidden = true;
    room.giveBack();
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
      room.giveBack();
      host.remove();
    },
  };
}
