// The panel header's connection controls: what the panel steers, "This page", and a standalone mock's URL and key.
import { type Connection, pageConnection, serverConnection } from "./connection.js";
import { h } from "./dom.js";
import type { PetstoreDevtoolsOptions } from "./options.js";

export interface ConnectionControls {
  /** The header's elements, in order. */
  readonly elements: (HTMLElement | undefined)[];
  /** Says what the panel steers now. */
  show(connection: Connection): void;
}

/** `connect` is called with what makes the connection the user asked for. */
export function connectionControls(
  options: PetstoreDevtoolsOptions,
  connect: (make: () => Promise<Connection>) => void,
): ConnectionControls {
  const urlInput = h("input", {
    placeholder: "http://127.0.0.1:4010",
    "aria-label": "Standalone mock URL",
    value: options.server?.url ?? "",
  });
  const keyInput = h("input", { placeholder: "API key", "aria-label": "API key", value: options.server?.apiKey ?? "" });
  const target = h("span", { class: "muted", "data-connection": "" });
  return {
    elements: [
      target,
      h("span", { class: "spacer" }),
      options.mock && h("button", { onclick: () => connect(() => pageConnection(options.mock!.app)) }, "This page"),
      urlInput,
      keyInput,
      h("button", { onclick: () => connect(async () => serverConnection(urlInput.value, keyInput.value)) }, "Connect"),
    ],
    show(connection) {
      target.textContent = `steering ${connection.label}`;
      // Cut short on a narrow screen (styles.ts): the whole of it on hover.
      target.title = target.textContent;
    },
  };
}
