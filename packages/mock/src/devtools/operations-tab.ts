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
    const chosen = new Map<string, Scenario>(scenarios.list().map((scenario) => [scenario.operationId, scenario]));
    const needle = filter.value.trim().toLowerCase();
    const shown = catalogue.filter((entry) =>
      `${entry.operationId} ${entry.method} ${entry.path} ${entry.summary}`.toLowerCase().includes(needle),
    );
    let tag = "";
    const rows: HTMLElement[] = [];
    for (const entry of shown) {
      if (entry.tag !== tag) {
        tag = entry.tag;
        rows.push(h("h3", {}, tag));
      }
      const scenario = chosen.get(entry.operationId);
      const current = scenario ? `${scenario.status} ${scenario.code}` : AS_DOCUMENTED;
      const outcome = h(
        "select",
        {
          "aria-label": `Outcome of ${entry.operationId}`,
          "data-operation": entry.operationId,
          onchange: () => choose(entry.operationId, outcome.value, times.value),
        },
        h("option", { value: AS_DOCUMENTED }, `as the mock answers (${entry.successStatus} on success)`),
        ...entry.errors.map(([status, codes]) =>
          h(
            "optgroup",
            { label: String(status) },
            ...codes.map((code) => {
              const value = `${status} ${code}`;
              return h("option", { value, selected: value === current }, value);
            }),
          ),
        ),
      );
      outcome.value = current;
      const times = h(
        "select",
        {
          "aria-label": `How long the outcome of ${entry.operationId} lasts`,
          onchange: () => choose(entry.operationId, outcome.value, times.value),
        },
        h("option", { value: "once", selected: scenario?.times !== "always" }, "next call"),
        h("option", { value: "always", selected: scenario?.times === "always" }, "every call"),
      );
      rows.push(
        h(
          "div",
          { class: "row", "data-operation-row": entry.operationId },
          h("span", { class: "method" }, entry.method),
          h("span", { class: "path" }, entry.path),
          h("span", { class: "muted" }, `${entry.operationId}: ${entry.summary}`),
          h("span", { class: "spacer" }),
          outcome,
          times,
          scenario && h("span", { class: "chosen" }, scenario.times === "once" ? "next call" : "every call"),
        ),
      );
    }
    fill(list, ...rows);
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
