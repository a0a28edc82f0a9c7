// The State tab's toolbar: the session, reload and reset, a named state with its seed, and snapshot files.
import { fill, h } from "./dom.js";
import { namedStates } from "./generated/operations.js";

export type NamedState = (typeof namedStates)[number];

/** What the toolbar's controls ask of the tab. */
export interface StateActions {
  selectSession(name: string): void;
  reload(): void;
  reset(): void;
  loadNamedState(namedState: NamedState, seed: number): void;
  download(): void;
  /** A snapshot file was chosen to restore. */
  upload(file: File): void;
}

export interface StateToolbar {
  element: HTMLElement;
  /** Lists the sessions there are, with `current` selected. */
  showSessions(sessions: readonly { name: string }[], current: string): void;
}

export function stateToolbar(actions: StateActions): StateToolbar {
  const sessionSelect = h("select", {
    "aria-label": "Session",
    onchange: () => actions.selectSession(sessionSelect.value),
  });
  const namedSelect = h(
    "select",
    { "aria-label": "Named state" },
    ...namedStates.map((name) => h("option", { value: name }, name)),
  );
  const seedInput = h("input", { type: "number", min: "0", value: "1", "aria-label": "Seed", style: "width:5em" });
  const seedNumber = () => Math.max(0, Math.trunc(Number(seedInput.value) || 0));
  const fileInput = h("input", {
    type: "file",
    accept: "application/json,.json",
    hidden: true,
    onchange: () => {
      const file = fileInput.files?.[0];
      // Emptied, so that choosing the same file again is a change too.
      fileInput.value = "";
      if (file) {
        actions.upload(file);
      }
    },
  });
  const element = h(
    "div",
    { class: "row" },
    h("label", {}, "Session ", sessionSelect),
    h("button", { onclick: () => actions.reload() }, "Reload"),
    h("button", { onclick: () => actions.reset() }, "Reset"),
    h("label", {}, "Named state ", namedSelect),
    h("label", {}, "seed ", seedInput),
    h("button", { onclick: () => actions.loadNamedState(namedSelect.value as NamedState, seedNumber()) }, "Load"),
    h("span", { class: "spacer" }),
    h("button", { onclick: () => actions.download() }, "Download snapshot"),
    h("button", { onclick: () => fileInput.click() }, "Restore from file…"),
    fileInput,
  );
  return {
    element,
    showSessions(sessions, current) {
      fill(
        sessionSelect,
        ...sessions.map(({ name }) => h("option", { value: name, selected: name === current }, name)),
      );
      sessionSelect.value = current;
    },
  };
}
