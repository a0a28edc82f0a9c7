// Swagger UI plugins that make the reference show what the document says: try-it per operation
// (`x-hideTryItPanel`), the document's own code samples (`x-codeSamples`) and badges (`x-badges`).
import type { ImmutableMap, SwaggerUiSystem } from "./swagger-ui-types.js";

interface CodeSample {
  lang: string;
  label?: string;
  source: string;
}

interface Badge {
  name: string;
  color?: string;
}

/**
 * Swagger UI asks `specSelectors.allowTryItOutFor(path, method)` before it offers "Try it out" on
 * an operation; the document answers, so no list of operations is kept here.
 */
export function tryItWhereTheDocumentAllows() {
  return {
    statePlugins: {
      spec: {
        wrapSelectors: {
          allowTryItOutFor:
            (original: (path: string, method: string) => boolean, system: SwaggerUiSystem) =>
            (_state: unknown, path: string, method: string) =>
              original(path, method) &&
              system.specSelectors.specJson().getIn(["paths", path, method, "x-hideTryItPanel"]) !== true,
        },
      },
    },
  };
}

/** The operation's `x-codeSamples` above its parameters, with a language picker. */
export function codeSamples(system: SwaggerUiSystem) {
  const { createElement: h, useState } = system.React;

  function CodeSamples({ samples }: { samples: CodeSample[] }) {
    const [chosen, choose] = useState(0);
    const sample = samples[chosen] ?? samples[0];
    if (!sample) {
      return null;
    }
    return h(
      "div",
      { className: "opblock-section petstore-code-samples" },
      h(
        "div",
        { className: "opblock-section-header" },
        h("h4", { className: "opblock-title" }, "Code samples"),
        h(
          "label",
          null,
          h("span", { className: "petstore-visually-hidden" }, "Code sample language"),
          h(
            "select",
            {
              "aria-label": "Code sample language",
              value: String(chosen),
              onChange: (event: { target: { value: string } }) => choose(Number(event.target.value)),
            },
            samples.map((entry, index) =>
              h("option", { key: entry.label ?? entry.lang, value: String(index) }, entry.label ?? entry.lang),
            ),
          ),
        ),
      ),
      h("pre", { className: "petstore-code-sample", "data-lang": sample.lang }, h("code", null, sample.source)),
    );
  }

  return {
    wrapComponents: {
      parameters: (Original: unknown) => (props: { operation: ImmutableMap }) =>
        h(
          "div",
          null,
          h(CodeSamples, { samples: (props.operation.get("x-codeSamples")?.toJS() ?? []) as CodeSample[] }),
          h(Original, props),
        ),
    },
  };
}

/** The operation's `x-badges` (stability, sunset) beside its path in the summary line. */
export function badges(system: SwaggerUiSystem) {
  const { createElement: h } = system.React;
  return {
    wrapComponents: {
      OperationSummaryPath: (Original: unknown) => (props: { operationProps: ImmutableMap }) => {
        const list = (props.operationProps.get("op")?.get("x-badges")?.toJS() ?? []) as Badge[];
        return h(
          "span",
          { className: "petstore-summary-path" },
          h(Original, props),
          list.map((badge) =>
            h(
              "span",
              { key: badge.name, className: "petstore-badge", "data-color": badge.color ?? "grey" },
              badge.name,
            ),
          ),
        );
      },
    },
  };
}
