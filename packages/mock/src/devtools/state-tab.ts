// The State tab: each collection of a session as a table, edited within the snapshot rules; reset, named states,
// snapshot files; any session. Every change goes through the control API, which refuses what breaks a rule.
import type { Snapshot } from "../core/control/snapshot.js";
import { type CollectionName, collectionNames, collections, type FieldSpec } from "./catalogue.js";
import { messageOf, type PanelContext } from "./context.js";
import { fill, h } from "./dom.js";
import { namedStates } from "./generated/operations.js";
import { fieldValue, newRecordDefaults, withField, withoutRecord, withRecord } from "./record-edits.js";
import { downloadJson, readJsonFile } from "./snapshot-files.js";
import { addRow, collectionTabs, editableCell, keepOpenEditor, pager, recordRow } from "./state-cells.js";

const PAGE_ROWS = 50;

/** The tab's element, and `refresh`, which reads the session again and redraws. */
export function stateTab(context: () => PanelContext): { element: HTMLElement; refresh(): Promise<void> } {
  let session = "default";
  let collection: CollectionName = "pets";
  let page = 0;
  let snapshot: Snapshot | undefined;

  const sessionSelect = h("select", {
    "aria-label": "Session",
    onchange: () => {
      session = sessionSelect.value;
      page = 0;
      void refresh();
    },
  });
  const namedSelect = h(
    "select",
    { "aria-label": "Named state" },
    ...namedStates.map((name) => h("option", { value: name }, name)),
  );
  const seedInput = h("input", { type: "number", min: "0", value: "1", "aria-label": "Seed", style: "width:5em" });
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
          onclick: () => {
            const namedState = namedSelect.value as (typeof namedStates)[number];
            void change(`the named state ${namedState}`, () => control().reset({ namedState, seed: seedNumber() }));
          },
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
  const seedNumber = () => Math.max(0, Math.trunc(Number(seedInput.value) || 0));

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
      ...collectionTabs(
        collectionNames,
        (name) => current[name].length,
        collection,
        (name) => {
          collection = name;
          page = 0;
          draw();
        },
      ),
    );
    const fields = collections[collection];
    const rows = current[collection] as unknown as Record<string, unknown>[];
    const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
    page = Math.min(page, pages - 1);
    const first = page * PAGE_ROWS;
    const reopen = keepOpenEditor(table);
    fill(
      table,
      h(
        "table",
        { "aria-label": collection },
        h("thead", {}, h("tr", {}, ...fields.map((spec) => h("th", {}, spec.name)), h("th", {}))),
        h(
          "tbody",
          {},
          ...rows.slice(first, first + PAGE_ROWS).map((record, offset) => {
            const index = first + offset;
            return recordRow(
              record[fields[0]!.name],
              fields.map((spec) => cellOf(spec, record[spec.name], index)),
              `${collection}[${index}]`,
              () => void restore(`deleted ${collection}[${index}]`, withoutRecord(current, collection, index)),
            );
          }),
          addRow(fields, newRecordDefaults(current, collection), (record) => {
            void restore(`added to ${collection}`, withRecord(current, collection, record));
          }),
        ),
      ),
      pages > 1 && pager(page, pages, turn),
    );
    reopen?.(table);
  }

  function turn(by: number) {
    page += by;
    draw();
  }

  function download() {
    if (snapshot) {
      downloadJson(`petstore-${session}.json`, snapshot);
    }
  }

  async function upload() {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) {
      return;
    }
    let data: unknown;
    try {
      data = await readJsonFile(file);
    } catch (error) {
      context().say(`Refused: ${messageOf(error)}. Nothing changed.`, "bad");
      return;
    }
    await restore(`restored from ${file.name}`, data as Snapshot);
  }

  /** A field's cell: an edit is a new snapshot, restored through the control API. */
  const cellOf = (spec: FieldSpec, value: unknown, index: number) =>
    editableCell(
      spec,
      value,
      (text) =>
        void restore(
          `${collection}[${index}].${spec.name} changed`,
          withField(snapshot!, collection, index, spec.name, fieldValue(spec, text)),
        ),
      draw,
    );

  return { element, refresh };
}
