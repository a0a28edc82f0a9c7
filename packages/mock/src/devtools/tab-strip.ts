// The inspector's tabs: a tablist whose arrow keys move between them, and a pane per tab, one shown at a time.
import { h } from "./dom.js";

export const TABS = ["Operations", "Requests", "State"] as const;
export type TabName = (typeof TABS)[number];

export interface PanelTab {
  readonly element: HTMLElement;
  /** Reads what the tab shows again and redraws it. */
  refresh(): unknown;
}

export interface TabStrip {
  readonly tabList: HTMLElement;
  readonly panes: HTMLElement[];
  readonly selected: TabName;
  /** Shows the tab `name` (the selected one by default), drawn anew. */
  select(name?: TabName): void;
  /** Moves the focus to the selected tab's button. */
  focus(): void;
}

export function tabStrip(tabs: Record<TabName, PanelTab>): TabStrip {
  let selected: TabName = "Operations";
  const buttons = TABS.map((name) =>
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
  const panes = TABS.map((name) =>
    h(
      "div",
      { role: "tabpanel", id: `panel-${name}`, "aria-labelledby": `tab-${name}`, class: "body" },
      tabs[name].element,
    ),
  );
  const select = (name = selected) => {
    selected = name;
    TABS.forEach((tab, index) => {
      buttons[index]!.setAttribute("aria-selected", String(tab === name));
      buttons[index]!.tabIndex = tab === name ? 0 : -1;
      panes[index]!.hidden = tab !== name;
    });
    void tabs[name].refresh();
  };
  const focus = () => buttons[TABS.indexOf(selected)]!.focus();
  const moveBetweenTabs = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step) {
      select(TABS[(TABS.indexOf(selected) + step + TABS.length) % TABS.length]!);
      focus();
    }
  };
  const tabList = h("div", { role: "tablist", "aria-label": "Inspector", onkeydown: moveBetweenTabs }, ...buttons);
  return {
    tabList,
    panes,
    get selected() {
      return selected;
    },
    select,
    focus,
  };
}
