// petstoreDevtoolsPlugin: the inspector as a TanStack Devtools plugin, in the framework-free shape its core takes
// (`{ id, name, render(el, props), destroy(pluginId) }`), so it shows in a pane beside TanStack Query's.
import { h } from "./dom.js";
import { checkTarget } from "./mount.js";
import type { PetstoreDevtoolsOptions } from "./options.js";
import { createPanel, type Panel } from "./panel.js";
import { styles } from "./styles.js";

export interface PetstoreDevtoolsPluginOptions extends Pick<PetstoreDevtoolsOptions, "mock" | "server"> {
  /** The plugin's id in TanStack Devtools (default `petstore-mock`): it keeps which panes are open across reloads. */
  id?: string;
  /** Its tab's title (default `Petstore`). */
  name?: string;
  /** Open its pane when TanStack Devtools first loads with nothing open yet (default `false`). */
  defaultOpen?: boolean;
}

/** What TanStack Devtools gives a plugin's `render`: its theme (its settings' light or dark). */
export interface PetstoreDevtoolsPluginProps {
  theme?: "light" | "dark";
}

export interface PetstoreDevtoolsPlugin {
  readonly id: string;
  readonly name: string;
  readonly defaultOpen: boolean;
  /** Draws the inspector in `el` (again, with the theme, when TanStack Devtools calls it again for the same `el`). */
  render(el: HTMLElement, props?: PetstoreDevtoolsPluginProps): void;
  /** Removes the inspector and stops listening to the mock; a later `render` draws a new one. */
  destroy(pluginId?: string): void;
}

/**
 * The inspector as a plugin for TanStack Devtools: `new TanStackDevtoolsCore({ plugins: [petstoreDevtoolsPlugin({
 * mock: worker })] })`, or in `<TanStackDevtools plugins={…}>` of `@tanstack/react-devtools`. No toggle of its own:
 * it lives in the pane TanStack gives it. Load it in development only, beside the mock.
 * @example
 * const { petstoreDevtoolsPlugin } = await import("@petstore/mock/devtools/tanstack");
 * const plugin = petstoreDevtoolsPlugin({ mock: worker });
 */
export function petstoreDevtoolsPlugin(options: PetstoreDevtoolsPluginOptions): PetstoreDevtoolsPlugin {
  checkTarget(options, "petstoreDevtoolsPlugin()");
  // Made at once, so the request log holds the app's first requests, made before anyone opens the pane.
  let shown: { panel: Panel; host: HTMLElement } | undefined = make();

  function make() {
    const host = h("div", { "data-petstore-devtools": "", "data-embedded": "" });
    const panel = createPanel(options);
    host.attachShadow({ mode: "open" }).append(h("style", {}, styles), panel.element);
    return { panel, host };
  }

  return {
    id: options.id ?? "petstore-mock",
    name: options.name ?? "Petstore",
    defaultOpen: options.defaultOpen ?? false,
    render(el, props) {
      shown ??= make();
      if (shown.host.parentElement !== el) {
        el.append(shown.host);
        shown.panel.show();
      }
      if (props?.theme) {
        shown.host.dataset.theme = props.theme;
      }
    },
    destroy() {
      shown?.panel.stop();
      shown?.host.remove();
      shown = undefined;
    },
  };
}
