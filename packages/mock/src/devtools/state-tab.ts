// The State tab: each collection of a session as a table, edited within the snapshot rules; reset, named states,
// snapshot files; any session. Every change goes through the control API, which refuses what breaks a rule.
import type { Snapshot } from "../core/control/snapshot.js";
import { type CollectionName, collectionNames, collections, type FieldSpec } from "./catalogue.js";
import { messageOf, type PanelContext } from "./context.js";
import { fill, h } from "./dom.js";
import { namedStates } from "./generated/operations.js";
import { fieldValue, newRecordDefaults, withField, withoutRecord, withRecord } from "./record-edits.js";

const PAGE_ROWS = 50;

export interface StateTab {
  element: HTMLElement;
  /** Reads the session again and redraws. */
  refresh(): Promise<void>;
}

export function stateTab(context: () => PanelContext): StateTab {
  let session = "default";
  let collection: CollectionName = "pets";
  let page = 0;
  let snapshot: Snapshot | undefined;

  const sessionSelect = h("select", { "aria-label": "Session", onchange: () => choose(sessionSelect.value) });
  const namedSelect = h(
    "select",
    { "aria-label": "Named state" },
    ...namedStates.map((name) => h("option", { value: name }, name)),
  );
  const seedInput = h("input", { type: "number", min: "1", value: "1", "aria-label": "Seed", style: "width:5em" });
  const fileInput = h("input", { type: "file", accept: "application/json,.json", hidden: true, onchange: upload });
  const collectionBar = h("div", { role: "tablist", "aria-label": "Collections", class: "row" });
  const table = h("div");
  const element = h(
    "div",
    {},
    h(
      "div",
      { class: "row" },
      h("label", {}, "Session ", sessionSelect),
      h("button", { onclick: () => refresh() }, "Reload"),
      h("button", { onclick: () => change("reset", () => control().reset()) }, "Reset"),
      h("label", {}, "Named state ", namedSelect),
      h("label", {}, "seed ", seedInput),
      h(
        "button",
        {
          onclick: () =>
            change(
              `the named state ${namedSelect.value}`,
              () => control().reset({ namedState: namedSelect.value, seed: seedNumber() } as never), // TODO(merge states)
            ),
        },
        "Load",
      ),
      h("span", { class: "spacer" }),
      h("button", { onclick: download }, "Download snapshot"),
      h("button", { onclick: () => fileInput.click() }, "Restore from file…"),
      fileInput,
    ),
    collectionBar,
    table,
  );

  const control = () => context().connection.control.session(session);
  const seedNumber = () => Math.max(1, Math.trunc(Number(seedInput.value) || 1));

  async function choose(name: string) {
    session = name;
    page = 0;
    await refresh();
  }

  /** Runs a change; on success reads the state again and tells the page, else says why and changes nothing. */
  async function change(what: string, run: () => Promise<unknown>) {
    try {
      await run();
    } catch (error) {
      context().say(`Refused: ${messageOf(error)}. Nothing changed.`, "bad");
      await refresh();
      return;
    }
    context().say(`Done: ${what} (session ${session}).`, "good");
    context().stateChanged(session);
    await refresh();
  }

  const restore = (what: string, next: Snapshot) => change(what, () => control().restore(next));

  async function refresh() {
    const { control: server } = context().connection;
    try {
      const sessions = await server.sessions();
      if (!sessions.some(({ name }) => name === session)) {
        session = "default";
      }
      fill(
        sessionSelect,
        ...sessions.map(({ name }) => h("option", { value: name, selected: name === session }, name)),
      );
      sessionSelect.value = session;
      snapshot = await server.session(session).state();
    } catch (error) {
      context().say(`Could not read the state: ${messageOf(error)}`, "bad");
      return;
    }
    draw();
  }

  function draw() {
    if (!snapshot) {
      return;
    }
    const current = snapshot;
    fill(
      collectionBar,
      ...collectionNames.map((name) =>
        h(
          "button",
          {
            role: "tab",
            "aria-selected": String(name === collection),
            onclick: () => {
              collection = name;
              page = 0;
              draw();
            },
          },
          `${name} (${current[name].length})`,
        ),
      ),
    );
    const fields = collections[collection];
    const rows = current[collection] as unknown as Record<string, unknown>[];
    const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
    page = Math.min(page, pages - 1);
    const first = page * PAGE_ROWS;
    const draft = newRecordDefaults(current, collection);
    const addInputs = fields.map((spec) => editorFor(spec, draft[spec.name]));
    fill(
      table,
      h(
        "table",
        { "aria-label": collection },
        h("thead", {}, h("tr", {}, ...fields.map((spec) => h("th", {}, spec.name)), h("th", {}))),
        h(
          "tbody",
          {},
          ...rows.slice(first, first + PAGE_ROWS).map((record, offset) => rowOf(fields, record, first + offset)),
          h(
            "tr",
            { "data-add": "" },
            ...addInputs.map((input) => h("td", {}, input)),
            h(
              "td",
              {},
              h(
                "button",
                {
                  onclick: () => {
                    const record = Object.fromEntries(
                      fields.map((spec, index) => [spec.name, fieldValue(spec, addInputs[index]!.value)]),
                    );
                    void restore(`added to ${collection}`, withRecord(current, collection, record));
                  },
                },
                "Add",
              ),
            ),
          ),
        ),
      ),
      pages > 1 &&
        h(
          "div",
          { class: "row" },
          h("button", { disabled: page === 0, onclick: () => turn(-1) }, "Previous"),
          h("span", { "data-page": "" }, `page ${page + 1} of ${pages}`),
          h("button", { disabled: page === pages - 1, onclick: () => turn(1) }, "Next"),
        ),
    );
  }

  function turn(by: number) {
    page += by;
    draw();
  }

  function rowOf(fields: FieldSpec[], record: Record<string, unknown>, index: number) {
    return h(
      "tr",
      {},
      ...fields.map((spec) => cellOf(spec, record[spec.name], index)),
      h(
        "td",
        {},
        h(
          "button",
          {
            "aria-label": `Delete ${collection}[${index}]`,
            onclick: () => void restore(`deleted ${collection}[${index}]`, withoutRecord(snapshot!, collection, index)),
          },
          "Delete",
        ),
      ),
    );
  }

  /** A cell that becomes an editor on Enter, a double click or F2; Enter or leaving it saves, Escape cancels. */
  function cellOf(spec: FieldSpec, value: unknown, index: number) {
    const shown = value === undefined ? "" : String(value);
    const cell = h("td", { tabindex: "0", title: shown, "data-field": spec.name }, shown);
    const edit = () => {
      const input = editorFor(spec, value);
      let done = false;
      const finish = (save: boolean) => {
        if (done) {
          return;
        }
        done = true;
        if (save && input.value !== shown) {
          const next = withField(snapshot!, collection, index, spec.name, fieldValue(spec, input.value));
          void restore(`${collection}[${index}].${spec.name} changed`, next);
        } else {
          draw();
        }
      };
      input.addEventListener("keydown", (event: Event) => {
        if (!(event instanceof KeyboardEvent)) {
          return;
        }
        if (event.key === "Enter") {
          finish(true);
        } else if (event.key === "Escape") {
          event.stopPropagation();
          finish(false);
        }
      });
      input.addEventListener("blur", () => finish(true));
      fill(cell, input);
      input.focus();
    };
    cell.addEventListener("dblclick", edit);
    cell.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === "F2") && event.target === cell) {
        event.preventDefault();
        edit();
      }
    });
    return cell;
  }

  function download() {
    if (!snapshot) {
      return;
    }
    const url = URL.createObjectURL(new Blob([JSON.stringify(snapshot, null, 2)], { type: "application/json" }));
    h("a", { href: url, download: `petstore-${session}.json` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  async function upload() {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) {
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch (error) {
      context().say(`Refused: ${file.name} is not JSON (${messageOf(error)}). Nothing changed.`, "bad");
      return;
    }
    await restore(`restored from ${file.name}`, data as Snapshot);
  }

  return { element, refresh };
}

/** An input for one field: a list where the document enumerates the values, else text. */
function editorFor(spec: FieldSpec, value: unknown): HTMLInputElement | HTMLSelectElement {
  const shown = value === undefined ? "" : String(value);
  const options = spec.values ?? (spec.type === "boolean" ? ["true", "false"] : undefined);
  if (options) {
    return h(
      "select",
      { "aria-label": spec.name },
      ...(spec.required ? [] : [h("option", { value: "" }, "")]),
      ...options.map((option) => h("option", { value: option, selected: option === shown }, option)),
    );
  }
  return h("input", { value: shown, "aria-label": spec.name, placeholder: spec.required ? spec.name : "(none)" });
}
