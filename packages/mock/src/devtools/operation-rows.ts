// The Operations tab's rows: one per operation of the document, with the outcomes it documents to choose from.
import type { Scenario } from "../core/inspect/scenarios.js";
import { catalogue, type OperationEntry } from "./catalogue.js";
import { h } from "./dom.js";

/** The choice that leaves an operation alone. */
export const AS_DOCUMENTED = "";

export interface OperationRow {
  entry: OperationEntry;
  /** The tag's heading, on the first row of each tag. */
  heading: HTMLElement | undefined;
  row: HTMLElement;
  outcome: HTMLSelectElement;
  times: HTMLSelectElement;
  marker: HTMLElement;
}

/** `choose` is called with the operation, the chosen outcome (`"409 CONFLICT"`, or AS_DOCUMENTED) and how long it lasts. */
export type Choose = (operationId: string, outcome: string, times: string) => void;

function operationRow(entry: OperationEntry, heading: HTMLElement | undefined, choose: Choose): OperationRow {
  const onchange = () => choose(entry.operationId, outcome.value, times.value);
  const outcome = h(
    "select",
    { "aria-label": `Outcome of ${entry.operationId}`, "data-operation": entry.operationId, onchange },
    h("option", { value: AS_DOCUMENTED }, `as the mock answers (${entry.successStatus} on success)`),
    ...entry.errors.map(([status, codes]) =>
      h("optgroup", { label: String(status) }, ...codes.map((code) => h("option", {}, `${status} ${code}`))),
    ),
  );
  const times = h(
    "select",
    { "aria-label": `How long the outcome of ${entry.operationId} lasts`, onchange },
    h("option", { value: "once" }, "next call"),
    h("option", { value: "always" }, "every call"),
  );
  const marker = h("span", { class: "chosen" });
  const row = h(
    "div",
    { class: "row", "data-operation-row": entry.operationId },
    h("span", { class: "method" }, entry.method),
    h("span", { class: "path" }, entry.path),
    h("span", { class: "muted" }, `${entry.operationId}: ${entry.summary}`),
    h("span", { class: "spacer" }),
    outcome,
    times,
    marker,
  );
  return { entry, heading, row, outcome, times, marker };
}

/** A row for every operation of the catalogue, in its order, each tag headed once. */
export const catalogueRows = (choose: Choose): OperationRow[] =>
  catalogue.map((entry, index) =>
    operationRow(entry, catalogue[index - 1]?.tag === entry.tag ? undefined : h("h3", {}, entry.tag), choose),
  );

/**
 * Shows each row's current choice and hides the rows the filter `needle` leaves out (and a tag's heading when all its
 * rows are hidden). In place, not rebuilt: a choice redraws one select, and the list keeps its scroll and focus.
 */
export function showChoices(rows: OperationRow[], chosen: Map<string, Scenario>, needle: string): void {
  for (const { entry, heading, row, outcome, times, marker } of rows) {
    const scenario = chosen.get(entry.operationId);
    outcome.value = scenario ? `${scenario.status} ${scenario.code}` : AS_DOCUMENTED;
    times.value = scenario?.times ?? "once";
    marker.textContent = scenario ? (scenario.times === "once" ? "next call" : "every call") : "";
    row.hidden = !`${entry.operationId} ${entry.method} ${entry.path} ${entry.summary}`.toLowerCase().includes(needle);
    if (heading) {
      heading.hidden = rows.every((other) => other.entry.tag !== entry.tag || other.row.hidden);
    }
  }
}
