// The State tab's table parts: a record's row, its fields shown as text and edited in place with an input that fits
// the field, the row that adds a record, and the pager.
import type { FieldSpec } from "./catalogue.js";
import { fill, h } from "./dom.js";
import { fieldValue } from "./record-edits.js";

/**
 * A cell that becomes an editor on Enter, a double click or F2; Enter or leaving it calls `save` with the new
 * text (when it changed), Escape calls `cancel`.
 */
export function editableCell(
  spec: FieldSpec,
  value: unknown,
  save: (text: string) => void,
  cancel: () => void,
): HTMLTableCellElement {
  const shown = value === undefined ? "" : String(value);
  const cell = h("td", { tabindex: "0", title: shown, "data-field": spec.name }, shown);
  const edit = () => {
    const input = fieldEditor(spec, value);
    let done = false;
    const finish = (keep: boolean) => {
      if (done) {
        return;
      }
      done = true;
      input.setAttribute(FINISHED, "");
      if (keep && input.value !== shown) {
        save(input.value);
      } else {
        cancel();
      }
    };
    input.addEventListener("keydown", (event: Event) => {
      if (!(event instanceof KeyboardEvent)) {
        return;
      }
      if (event.key === "Enter") {
        finish(true);
      } else if (event.key === "Escape") {
        // The panel closes on Escape; here it only cancels the edit.
        event.stopPropagation();
        finish(false);
      }
    });
    // A redraw that keeps the edit open (`keepOpenEditor`) moves it to the new cell: leaving this one saves nothing.
    input.addEventListener("blur", () => input.hasAttribute(MOVING) || finish(true));
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

/** An input for one field: a list where the document enumerates the values (or a boolean), else text. */
export function fieldEditor(spec: FieldSpec, value: unknown): HTMLInputElement | HTMLSelectElement {
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

const MOVING = "data-moving";
/** An editor whose edit was saved or cancelled: it shows until the redraw, which does not open it again. */
const FINISHED = "data-finished";

/**
 * The edit open in `table`, if any, as a function that opens it again, with the text typed so far, in the same record's
 * cell of a redrawn table (records are known by their key, the first field): the table is redrawn whenever the state
 * is read again, as after the previous edit's save, which must not take away the one begun meanwhile.
 */
export function keepOpenEditor(table: HTMLElement): ((redrawn: HTMLElement) => void) | undefined {
  const editor = table.querySelector<HTMLInputElement | HTMLSelectElement>(
    `tr[data-key] > td > :is(input, select):not([${FINISHED}])`,
  );
  const cell = editor?.parentElement;
  const key = cell?.parentElement?.dataset.key;
  if (!editor || !cell || key === undefined) {
    return undefined;
  }
  editor.setAttribute(MOVING, "");
  const { value } = editor;
  const [start, end] = editor instanceof HTMLInputElement ? [editor.selectionStart, editor.selectionEnd] : [null, null];
  return (redrawn) => {
    const row = [...redrawn.querySelectorAll<HTMLTableRowElement>("tr[data-key]")].find(
      (candidate) => candidate.dataset.key === key,
    );
    const again = row?.querySelector<HTMLTableCellElement>(`td[data-field="${cell.dataset.field}"]`);
    again?.dispatchEvent(new MouseEvent("dblclick"));
    const reopened = again?.querySelector<HTMLInputElement | HTMLSelectElement>("input, select");
    if (reopened) {
      reopened.value = value;
      if (reopened instanceof HTMLInputElement && start !== null) {
        reopened.setSelectionRange(start, end);
      }
    }
  };
}

/** A record's row, known by its key: its cells, and a Delete button labelled with its place (`pets[3]`). */
export function recordRow(
  key: unknown,
  cells: HTMLTableCellElement[],
  place: string,
  onDelete: () => void,
): HTMLTableRowElement {
  return h(
    "tr",
    { "data-key": String(key) },
    ...cells,
    h("td", {}, h("button", { "aria-label": `Delete ${place}`, onclick: onDelete }, "Delete")),
  );
}

/** The last row: an editor per field, from `draft`, and Add, which hands over the record as the fields' values. */
export function addRow(
  fields: FieldSpec[],
  draft: Record<string, unknown>,
  onAdd: (record: Record<string, unknown>) => void,
): HTMLTableRowElement {
  const editors = fields.map((spec) => fieldEditor(spec, draft[spec.name]));
  const add = () =>
    onAdd(Object.fromEntries(fields.map((spec, index) => [spec.name, fieldValue(spec, editors[index]!.value)])));
  return h(
    "tr",
    { "data-add": "" },
    ...editors.map((editor) => h("td", {}, editor)),
    h("td", {}, h("button", { onclick: add }, "Add")),
  );
}

/** Previous, `page N of M`, Next. */
export function pager(page: number, pages: number, turn: (by: number) => void): HTMLDivElement {
  return h(
    "div",
    { class: "row" },
    h("button", { disabled: page === 0, onclick: () => turn(-1) }, "Previous"),
    h("span", { "data-page": "" }, `page ${page + 1} of ${pages}`),
    h("button", { disabled: page === pages - 1, onclick: () => turn(1) }, "Next"),
  );
}

/** A tab per collection, with its count of records. */
export function collectionTabs<Name extends string>(
  names: readonly Name[],
  count: (name: Name) => number,
  selected: Name,
  select: (name: Name) => void,
): HTMLButtonElement[] {
  return names.map((name) =>
    h(
      "button",
      { role: "tab", "aria-selected": String(name === selected), onclick: () => select(name) },
      `${name} (${count(name)})`,
    ),
  );
}
