// The Operations tab: each operation of the document with exactly the error statuses and codes it documents; one
// choice makes its next call, or every call, answer that outcome. And a delay for every answer. On the page's mock it
// steers `app.scenarios`; on a standalone mock, one session's outcomes through the control API.
import type { Scenario } from "../core/inspect/scenarios.js";
import { messageOf, type PanelContext } from "./context.js";
import { fill, h } from "./dom.js";
import { AS_DOCUMENTED, catalogueRows, showChoices } from "./operation-rows.js";
import { choiceOf, type OutcomeTarget, outcomeTarget } from "./outcome-target.js";

export function operationsTab(context: () => PanelContext): { element: HTMLElement; refresh(): void } {
  const filter = h("input", {
    type: "search",
    placeholder: "Filter operations",
    "aria-label": "Filter operations",
    oninput: () => refresh(),
  });
  const session = h("input", {
    value: "default",
    "aria-label": "Session of the outcomes",
    style: "width:8em",
    onchange: () => refresh(),
  });
  const sessionLabel = h("label", {}, "Session ", session);
  const delay = h("input", {
    type: "number",
    min: "0",
    step: "100",
    value: "0",
    "aria-label": "Delay of every answer in milliseconds",
    style: "width:7em",
    onchange: () =>
      act(async (target) => {
        await target.setLatency(Number(delay.value));
        return `Every answer now waits ${delay.value} ms.`;
      }),
  });
  const list = h("div");
  const rows = catalogueRows((operationId, value, times) =>
    act(async (target) => {
      if (value === AS_DOCUMENTED) {
        await target.clear(operationId);
        return "";
      }
      await target.choose(operationId, choiceOf(value, times));
      return `${operationId}: the ${times === "always" ? "calls answer" : "next call answers"} ${value}.`;
    }),
  );
  const element = h(
    "div",
    {},
    h(
      "div",
      { class: "row" },
      filter,
      sessionLabel,
      h("label", {}, "Latency (ms) ", delay),
      h(
        "button",
        {
          onclick: () =>
            act(async (target) => {
              await target.clear();
              return "Every operation runs as the mock answers.";
            }),
        },
        "Clear all outcomes",
      ),
    ),
    list,
  );

  const target = () => outcomeTarget(context().connection, session.value.trim());

  /** Runs a change, says what it did (or why it was refused), and shows the outcomes as they are now. */
  async function act(change: (target: OutcomeTarget) => Promise<string>) {
    try {
      const said = await change(target());
      if (said) {
        context().say(said, "good");
      }
    } catch (error) {
      context().say(messageOf(error), "bad");
    }
    // As they are now: a refused change shows what stays.
    void refresh();
  }

  async function refresh() {
    sessionLabel.hidden = context().connection.app !== undefined;
    let now: { latencyMs: number; outcomes: Scenario[] };
    try {
      now = await target().list();
    } catch (error) {
      fill(list, h("p", { class: "muted" }, messageOf(error)));
      return;
    }
    delay.value = String(now.latencyMs);
    if (!list.querySelector("[data-operation-row]")) {
      fill(list, ...rows.flatMap(({ heading, row }) => (heading ? [heading, row] : [row])));
    }
    const chosen = new Map<string, Scenario>(now.outcomes.map((scenario) => [scenario.operationId, scenario]));
    showChoices(rows, chosen, filter.value.trim().toLowerCase());
  }

  return { element, refresh: () => void refresh() };
}
