// A small element builder: the panel is plain DOM, so React, Vue and Svelte apps mount it alike.
type Child = Node | string | number | null | undefined | false;
type Props = Record<string, unknown>;

/**
 * `h("button", { class: "x", onclick }, "Save")`: `on*` functions become listeners, `value`/`checked` properties,
 * `true` an empty attribute, `false`/`undefined` nothing, anything else an attribute.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false || value === null) {
      continue;
    }
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value as EventListener);
    } else if (name === "value" || name === "checked") {
      (element as unknown as Record<string, unknown>)[name] = value;
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  element.append(...children.filter((child) => child !== null && child !== undefined && child !== false).map(String2));
  return element;
}

const String2 = (child: Child) => (typeof child === "number" ? String(child) : (child as Node | string));

/** Replaces every child of `parent`. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(
    ...children.filter((child) => child !== null && child !== undefined && child !== false).map(String2),
  );
}

/** JSON as the panel shows it: indented, and long bodies cut so the log stays light. */
export function shownJson(value: unknown, limit = 4_000): string {
  const text = value === undefined ? "(none)" : JSON.stringify(value, null, 2);
  return text.length > limit ? `${text.slice(0, limit)}\n… (${text.length} characters in all)` : text;
}
