// The inspector itself, wherever it is shown: its header (title, tabs, connection controls), the status line and the
// tabs' panes, over the page's mock or a server. mount.ts floats it over the page; tanstack-plugin.ts puts it in a
// TanStack Devtools pane.
import { type Connection, pageConnection, serverConnection } from "./connection.js";
import { connectionControls } from "./connection-controls.js";
import { messageOf, type PanelContext, STATE_CHANGE_EVENT } from "./context.js";
import { h } from "./dom.js";
import { operationsTab } from "./operations-tab.js";
import type { PetstoreDevtoolsOptions } from "./options.js";
import { requestsTab } from "./requests-tab.js";
import { stateTab } from "./state-tab.js";
import { type PanelTab, type TabName, tabStrip } from "./tab-strip.js";

export interface Panel {
  /** The panel's element: a dialog (hidden at first) when `close` is given, else a region shown at once. */
  readonly element: HTMLElement;
  /** Shows the panel, the selected tab drawn anew. */
  show(): void;
  hide(): void;
  /** Moves the focus to the selected tab. */
  focus(): void;
  /** Stops listening to the mock. */
  stop(): void;
  /** Settles once the first connection is made (or failed). */
  readonly ready: Promise<void>;
}

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

/** The panel's element; with `close`, a dialog with a × button that Escape presses too. */
function panelElement(header: (HTMLElement | undefined)[], rest: HTMLElement[], close?: () => void): HTMLElement {
  const closing = close && {
    role: "dialog",
    hidden: true,
    onkeydown: (event: KeyboardEvent) => event.key === "Escape" && close(),
  };
  return h(
    "section",
    { class: close ? "panel" : "panel embedded", role: "region", "aria-label": "Petstore mock inspector", ...closing },
    h(
      "header",
      {},
      ...header,
      close && h("button", { class: "close", "aria-label": "Close the inspector", onclick: close }, "×"),
    ),
    ...rest,
  );
}

/** The panel over `options`' mock or server; `close` makes it a dialog that closes (mountPetstoreDevtools). */
export function createPanel(options: PetstoreDevtoolsOptions, close?: () => void): Panel {
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
    if (strip.selected === "Operations" && !element.hidden && connection) {
      tabs.Operations.refresh();
    }
  });
  const controls = connectionControls(options, (make) => void connect(make));
  const title = h("span", { class: "title" }, "Petstore mock");
  // Beside the tabs on a wide page; a row of their own on a narrow one (styles.ts), the close button staying up.
  const header = [title, strip.tabList, h("div", { class: "connection" }, ...controls.elements)];
  const element = panelElement(header, [status, ...strip.panes], close);

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

  return {
    element,
    show() {
      element.hidden = false;
      strip.select();
    },
    hide() {
      element.hidden = true;
    },
    focus: () => strip.focus(),
    stop() {
      stopLogging?.();
      stopWatching?.();
    },
    ready: options.mock
      ? connect(() => pageConnection(options.mock!.app))
      : connect(async () => serverConnection(options.server!.url, options.server!.apiKey)),
  };
}
