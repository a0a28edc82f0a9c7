// The Operations tab: each operation of the document with exactly the error statuses and codes it documents; one
// choice makes its next call, or every call, answer that outcome. And a delay for every answer.
import type { ErrorCode, OperationId } from "../core/generated/contract.js";
import type { PetstoreScenarios, Scenario } from "../core/inspect/scenarios.js";
import { catalogue } from "./catalogue.js";
import { messageOf, type PanelContext } from "./context.js";
import { fill, h } from "./dom.js";

/** The choice that leaves an operation alone. */
const AS_DOCUMENTED = "";

export function operationsTab(context: () => PanelContext): { element: HTMLElement; refresh(): void } {
  const filter = h("input", {
    type: "search",
    placeholder: "Filter operations",
    "aria-label": "Filter operations",
    oninput: () => refresh(),
  });
  const delay = h("input", {
    type: "number",
    min: "0",
    step: "100",
    value: "0",
    "aria-label": "Delay of every answer in milliseconds",
    style: "width:7em",
    onchange: () => {
      const scenarios = scenariosOf();
      if (!scenarios) {
        return;
      }
      try {
        scenarios.delayMs = Number(delay.value);
        context().say(`Every answer now waits ${scenarios.delayMs} ms.`, "good");
      } catch (error) {
        context().say(messageOf(error), "bad");
        delay.value = String(scenarios.delayMs);
      }
    },
  });
  const list = h("div");
  const rows = catalogue.map((entry, index) => {
    const outcome = h(
      "select",
      {
        "aria-label": `Outcome of ${entry.operationId}`,
        "data-operation": entry.operationId,
        onchange: () => choose(entry.operationId, outcome.value, times.value),
      },
      h("option", { value: AS_DOCUMENTED }, `as the mock answers (${entry.successStatus} on success)`),
      ...entry.errors.map(([status, codes]) =>
        h("optgroup", { label: String(status) }, ...codes.map((code) => h("option", {}, `${status} ${code}`))),
      ),
    );
    const times = h(
      "select",
      {
        "aria-label": `How long the outcome of ${entry.operationId} lasts`,
        onchange: () => choose(entry.operationId, outcome.value, times.value),
      },
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
    const heading = catalogue[index - 1]?.tag === entry.tag ? undefined : h("h3", {}, entry.tag);
    return { entry, heading, row, outcome, times, marker };
  });
  const element = h(
    "div",
    {},
    h(
      "div",
      { class: "row" },
      filter,
      h("label", {}, "Latency (ms) ", delay),
      h("button", { onclick: () => scenariosOf()?.clear() }, "Clear all outcomes"),
    ),
    list,
  );

  const scenariosOf = (): PetstoreScenarios | undefined => context().connection.app?.scenarios;

  function refresh() {
    const scenarios = scenariosOf();
    if (!scenarios) {
      fill(
        list,
        h(
          "p",
          { class: "muted" },
          "A standalone mock has no outcomes to choose in the panel: send a Prefer: code=NNN header with a request instead.",
        ),
      );
      return;
    }
    delay.value = String(scenarios.delayMs);
    if (!list.querySelector("[data-operation-row]")) {
      fill(list, ...rows.flatMap(({ heading, row }) => (heading ? [heading, row] : [row])));
    }
    // In place, not rebuilt: a choice redraws one select, and the list keeps its scroll and focus.
    const chosen = new Map<string, Scenario>(scenarios.list().map((scenario) => [scenario.operationId, scenario]));
    const needle = filter.value.trim().toLowerCase();
    for (const { entry, heading, row, outcome, times, marker } of rows) {
      const scenario = chosen.get(entry.operationId);
      outcome.value = scenario ? `${scenario.status} ${scenario.code}` : AS_DOCUMENTED;
      times.value = scenario?.times ?? "once";
      marker.textContent = scenario ? (scenario.times === "once" ? "next call" : "every call") : "";
      row.hidden = !`${entry.operationId} ${entry.method} ${entry.path} ${entry.summary}`
        .toLowerCase()
        .includes(needle);
      if (heading) {
        heading.hidden = rows.every((other) => other.entry.tag !== entry.tag || other.row.hidden);
      }
    }
  }

  function choose(operationId: string, value: string, times: string) {
    const scenarios = scenariosOf();
    if (!scenarios) {
      return;
    }
    try {
      if (value === AS_DOCUMENTED) {
        scenarios.clear(operationId as OperationId);
        return;
      }
      const [status, code] = value.split(" ");
      scenarios.choose(operationId as OperationId, {
        status: Number(status),
        code: code as ErrorCode,
        times: times === "always" ? "always" : "once",
      });
      context().say(
        `${operationId}: the ${times === "always" ? "calls answer" : "next call answers"} ${value}.`,
        "good",
      );
    } catch (error) {
      context().say(messageOf(error), "bad");
    }
  }

  return { element, refresh };
}
