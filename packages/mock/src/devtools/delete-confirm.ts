// The State tab's question before a deletion that takes other records with it: what goes, then Delete all or Cancel.
import { fill, h } from "./dom.js";
import type { Deletion } from "./record-edits.js";

/** Asks in `host` whether to delete `plan.what` and what goes with it; `confirm` runs on Delete all. Cancel asks no more. */
export function askDeletion(host: HTMLElement, plan: Deletion, confirm: () => void): void {
  const close = () => fill(host);
  const cancel = h("button", { onclick: close }, "Cancel");
  fill(
    host,
    h(
      "div",
      { role: "group", "aria-label": "Confirm deletion", class: "row", "data-confirm": "" },
      h("span", {}, `Delete ${plan.what}? With it go ${plan.alsoGoes.join(", ")}.`),
      h(
        "button",
        {
          onclick: () => {
            close();
            confirm();
          },
        },
        "Delete all",
      ),
      cancel,
    ),
  );
  cancel.focus();
}
