// mountPetstoreDevtools: a toggle in a corner that opens the inspector over the page, in a shadow root of its own.
import { h } from "./dom.js";
import type { PetstoreDevtools, PetstoreDevtoolsOptions } from "./options.js";
import { createPanel } from "./panel.js";
import { pawIcon } from "./paw-icon.js";
import { styles } from "./styles.js";

/** Says what the inspector needs: the page's mock or a server. */
export function checkTarget(options: Pick<PetstoreDevtoolsOptions, "mock" | "server">, caller: string): void {
  if (!options.mock && !options.server) {
    throw new TypeError(`${caller}: give mock (the mock in this page) or server ({ url, apiKey })`);
  }
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
  checkTarget(options, "mountPetstoreDevtools()");
  const host = h("div", { "data-petstore-devtools": "" });
  const root = host.attachShadow({ mode: "open" });
  const panel = createPanel(options, () => close());
  const toggle = toggleButton(options.position ?? "bottom-right", () => (panel.element.hidden ? open() : close()));
  root.append(h("style", {}, styles), toggle, panel.element);
  (options.parent ?? document.body).append(host);
  const room = pageRoom();

  function open() {
    panel.show();
    room.make();
    toggle.setAttribute("aria-expanded", "true");
    panel.focus();
  }

  function close() {
    panel.hide();
    room.giveBack();
    toggle.setAttribute("aria-expanded", "false");
    toggle.focus();
  }

  void panel.ready.then(() => options.open && open());

  return {
    element: host,
    open,
    close,
    unmount() {
      panel.stop();
      room.giveBack();
      host.remove();
    },
  };
}
