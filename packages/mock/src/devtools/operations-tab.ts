// The Operations tab: each operation of the document with exactly the error statuses and codes it documents; one
// choice makes its next call, or every call, answer that outcome. And a delay for every answer. On the page's mock it
// steers `app.scenarios`; on a standalone mock, one session's outcomes through the control API.
import type { Scenario } from "../core/inspect/scenarios.js";
import { messageOf, type PanelContext } from "./context.js";
import { fill, h } from "./dom.js";
import { AS_DOCUMENTED, catalogueRows, showChoices } from "./operation-rows.js";
import { choiceOf, type OutcomeTarget, outcomeTarget } from "./outcome-target.js";

/** A change of the outcomes; resolves to what the status line says (nothing when empty). */
type Act = (change: (target: OutcomeTarget) => Promise<string>) => void;

/** The tab's toolbar: the filter, the session (a standalone mock's), the latency and "Clear all outcomes". */
function toolbar(refresh: () => void, act: Act) {
  const filter = h("input", {
    type: "search",
    placeholder: "Filter operations",
    "aria-label": "Filter operations",
    oninput: refresh,
  });
  const session = h("input", {
    value: "default",
    "aria-label": "Session of the outcomes",
    style: "width:8em",
    onchange: refresh,
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
  const clearAll = () =>
    act(async (target) => {
      await target.clear();
      return "Every operation runs as the mock answers.";
    });
  const element = h(
    "div",
    { class: "row" },
    filter,
    sessionLabel,
    h("label", {}, "Latency (ms) ", delay),
    h("button", { onclick: clearAll }, "Clear all outcomes"),
  );
  return { element, filter, session, sessionLabel, delay };
}

export function operationsTab(context: () => PanelContext): { element: HTMLElement; refresh(): void } {
  const target = () => outcomeTarget(context().connection, bar.session.value.trim());
  /** Runs a change, says what it did (or why it was refused), and shows the outcomes as they are now. */
  const act: Act = async (change) => {
    try {
      const said = await change(target());
      if (said) {
        context().say(said, "good");
      }
    } catch (error) {
      context().say(messageOf(error), "bad");
    }
    await refresh();
  };
  const bar = toolbar(() => void refresh(), act);
  const list = h("div");
  const rows = catalogueRows((operationId, value, times) =>
    act(async (outcomes) => {
      if (value === AS_DOCUMENTED) {
        await outcomes.clear(operationId);
        return "";
      }
      await outcomes.choose(operationId, choiceOf(value, times));
      return `${operationId}: the ${times === "always" ? "calls answer" : "next call answers"} ${value}.`;
    }),
  );

  async function refresh() {
    bar.sessionLabel.hidden = context().connection.app !== undefined;
    let now: { latencyMs: number; outcomes: Scenario[] };
    try {
      now = await target().list();
    } catch (error) {
      fill(list, h("p", { class: "muted" }, messageOf(error)));
      return;
    }
    bar.delay.value = String(now.latencyMs);
    if (!list.querySelector("[data-operation-row]")) {
      fill(list, ...rows.flatMap(({ heading, row }) => (heading ? [heading, row] : [row])));
    }
    const chosen = new Map<string, Scenario>(now.outcomes.map((scenario) => [scenario.operationId, scenario]));
    showChoices(rows, chosen, bar.filter.value.trim().toLowerCase());
  }

  return { element: h("div", {}, bar.element, list), refresh: () => void refresh() };
}
