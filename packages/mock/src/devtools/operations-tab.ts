// The Operations tab: each operation of the document with exactly the error statuses and codes it documents; one
// choice makes its next call, or every call, answer that outcome. And a delay for every answer.
import type { ErrorCode, OperationId } from "../core/generated/contract.js";
import type { PetstoreScenarios, Scenario } from "../core/inspect/scenarios.js";
import { messageOf, type PanelContext } from "./context.js";
import { fill, h } from "./dom.js";
import { AS_DOCUMENTED, catalogueRows, showChoices } from "./operation-rows.js";

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
  const rows = catalogueRows((operationId, outcome, times) =>
    choose(context(), scenariosOf(), operationId, outcome, times),
  );
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
    const chosen = new Map<string, Scenario>(scenarios.list().map((scenario) => [scenario.operationId, scenario]));
    showChoices(rows, chosen, filter.value.trim().toLowerCase());
  }

  return { element, refresh };
}

/** Makes `operationId`'s next call (or every call) answer `value`, or leaves it alone (AS_DOCUMENTED). */
function choose(
  context: PanelContext,
  scenarios: PetstoreScenarios | undefined,
  operationId: string,
  value: string,
  times: string,
) {
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
    context.say(`${operationId}: the ${times === "always" ? "calls answer" : "next call answers"} ${value}.`, "good");
  } catch (error) {
    context.say(messageOf(error), "bad");
  }
}
