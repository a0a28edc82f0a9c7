// Swagger UI plugins that make the reference show what the document says: try-it per operation
// (`x-hideTryItPanel`), the document's own code samples (`x-codeSamples`, with the line that sets the variables
// they read), badges (`x-badges`), optional headers common to every response shown once, and, in the static
// build, what an address answered only inside the page stands for.
import type { ImmutableMap, SwaggerUiProps, SwaggerUiSystem } from "./swagger-ui-types.js";

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

/**
 * Where a terminal can send what the page shows. In the static build try-it goes to `inPageUrl`, an address
 * that only the page's Service Worker answers; `standIn` is the document's server a running petstore-mock
 * answers, and the command that starts one there.
 */
export interface TerminalTarget {
  inPageUrl: string | null;
  /**
   * `command` installs and starts petstore-mock from npm, which works once @petstore/mock is published;
   * `cloneCommand` starts it in a clone of its repository (after `pnpm install && pnpm build`), which works today.
   */
  standIn: { url: string; command: string; cloneCommand: string } | null;
}

/** How to start the stand-in petstore-mock: from npm, and from a clone until the package is published. */
function startCommands(h: SwaggerUiSystem["React"]["createElement"], standIn: NonNullable<TerminalTarget["standIn"]>) {
  return [
    h("code", { key: "command" }, standIn.command),
    " (once @petstore/mock is on npm; before its first release, in a clone of its repository after pnpm install && pnpm build: ",
    h("code", { key: "clone-command" }, standIn.cloneCommand),
    ")",
  ];
}

const LANGUAGE_STORE = "petstore-reference.sample-language";

function storedLanguage(): string | undefined {
  try {
    return localStorage.getItem(LANGUAGE_STORE) ?? undefined;
  } catch {
    return undefined;
  }
}

/** `value` as one shell word. */
function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

function isUnder(url: string, base: string): boolean {
  return url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`);
}

/** The variables the code samples read, with the selected server and the authorized key. */
function sampleEnvironment(props: SwaggerUiProps, target: TerminalTarget) {
  const servers = (props.specSelectors.specJson().get("servers")?.toJS() ?? []) as {
    url: string;
    variables?: Record<string, { default: string }>;
  }[];
  const selected = props.oas3Selectors.selectedServer() || servers[0]?.url || "";
  // Variables the picker has not set yet have their default.
  const defaults = servers.find((server) => server.url === selected)?.variables ?? {};
  let url = (props.oas3Selectors.serverEffectiveValue({ server: selected }) || selected).replace(
    /\{([^}]+)\}/g,
    (variable, name: string) => defaults[name]?.default ?? variable,
  );
  const inPage = target.inPageUrl !== null && isUnder(url, target.inPageUrl);
  if (inPage && target.standIn) {
    url = target.standIn.url;
  }
  const authorized = (props.authSelectors.authorized().toJS() ?? {}) as Record<string, { value?: unknown }>;
  const key = Object.values(authorized)
    .map((entry) => entry.value)
    .find((value): value is string => typeof value === "string" && value !== "");
  const line = `export PETSTORE_BASE_URL=${shellQuote(url)} PETSTORE_API_KEY=${shellQuote(key ?? "YOUR_KEY")}`;
  return { line, inPage, hasKey: key !== undefined };
}

/**
 * The operation's `x-codeSamples` above its parameters, with a language picker whose choice holds across
 * operations (and visits), and the line that sets the variables the samples read to the selected server and
 * the authorized key.
 */
export function codeSamples(target: TerminalTarget) {
  return (system: SwaggerUiSystem) => {
    const { createElement: h, useState } = system.React;

    /** Copies `text`; where the page may not write the clipboard (plain http off localhost), selects it to copy by hand. */
    function CopyButton({ text }: { text: string }) {
      const [outcome, setOutcome] = useState("Copy");
      return h(
        "button",
        {
          type: "button",
          className: "petstore-copy",
          onClick: async (event: { currentTarget: HTMLElement }) => {
            const button = event.currentTarget;
            try {
              await navigator.clipboard.writeText(text);
              setOutcome("Copied");
            } catch {
              const shown = button.previousElementSibling;
              if (shown) {
                getSelection()?.selectAllChildren(shown);
              }
              setOutcome("Selected: press Ctrl+C");
            }
            setTimeout(() => setOutcome("Copy"), 3000);
          },
        },
        outcome,
      );
    }

    function SampleEnvironment(props: SwaggerUiProps) {
      const { line, inPage, hasKey } = sampleEnvironment(props, target);
      return h(
        "div",
        { className: "petstore-sample-env" },
        h(
          "p",
          null,
          "The samples read ",
          h("code", null, "PETSTORE_BASE_URL"),
          " and ",
          h("code", null, "PETSTORE_API_KEY"),
          ": set them first (the selected server and ",
          hasKey ? "the authorized key" : "your key; Authorize fills it in",
          ")",
          inPage && target.standIn
            ? [
                ". The mock in this page has no address outside it, so this aims at a running petstore-mock: start one with ",
                ...startCommands(h, target.standIn),
              ]
            : null,
          ".",
        ),
        h(
          "div",
          { className: "petstore-sample-env-line" },
          h("code", { className: "petstore-env-text" }, line),
          h(CopyButton, { text: line }),
        ),
      );
    }

    function CodeSamples(props: SwaggerUiProps & { samples: CodeSample[] }) {
      const { samples } = props;
      const chosen = props.petstoreSelectors.sampleLanguage() ?? storedLanguage();
      const sample = samples.find((entry) => entry.lang === chosen) ?? samples[0];
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
                value: sample.lang,
                onChange: (event: { target: { value: string } }) =>
                  props.petstoreActions.chooseSampleLanguage(event.target.value),
              },
              samples.map((entry) => h("option", { key: entry.lang, value: entry.lang }, entry.label ?? entry.lang)),
            ),
          ),
        ),
        h(SampleEnvironment, props),
        h("pre", { className: "petstore-code-sample", "data-lang": sample.lang }, h("code", null, sample.source)),
      );
    }

    return {
      components: { PetstoreCodeSamples: CodeSamples },
      statePlugins: {
        petstore: {
          actions: {
            chooseSampleLanguage: (lang: string) => {
              try {
                localStorage.setItem(LANGUAGE_STORE, lang);
              } catch {
                // Private windows may refuse storage; the choice still holds in this page.
              }
              return { type: "PETSTORE_CHOOSE_SAMPLE_LANGUAGE", payload: lang };
            },
          },
          reducers: {
            PETSTORE_CHOOSE_SAMPLE_LANGUAGE: (state: ImmutableMap, action: { payload: string }) =>
              state.set("language", action.payload),
          },
          selectors: {
            sampleLanguage: (state: ImmutableMap | undefined) =>
              state?.get("language") as unknown as string | undefined,
          },
        },
      },
      wrapComponents: {
        parameters:
          (Original: unknown) => (props: { operation: ImmutableMap; getComponent: SwaggerUiProps["getComponent"] }) =>
            h(
              "div",
              null,
              h(props.getComponent("PetstoreCodeSamples", true), {
                samples: (props.operation.get("x-codeSamples")?.toJS() ?? []) as CodeSample[],
              }),
              h(Original, props),
            ),
      },
    };
  };
}

/**
 * The static build's try-it goes to an address only this page answers. Above the exchange the page says so,
 * and its Curl command and Request URL aim at a running petstore-mock (`standIn`) instead.
 */
export function inPageAddresses(target: TerminalTarget) {
  return (system: SwaggerUiSystem) => {
    const { createElement: h } = system.React;
    const inPageUrl = target.inPageUrl;
    return {
      wrapComponents: {
        liveResponse: (Original: unknown) => (props: SwaggerUiProps & { path: string; method: string }) => {
          const selectors = props.specSelectors;
          const url = selectors.requestFor(props.path, props.method)?.get("url") as unknown as string | undefined;
          if (inPageUrl === null || url === undefined || !isUnder(url, inPageUrl)) {
            return h(Original, props);
          }
          const standIn = target.standIn;
          const rewrite = (request: ImmutableMap | undefined) => {
            const address = request?.get("url") as unknown as string | undefined;
            return standIn && request && address && isUnder(address, inPageUrl)
              ? request.set("url", standIn.url + address.slice(inPageUrl.length))
              : request;
          };
          const specSelectors = {
            ...selectors,
            requestFor: (path: string, method: string) => rewrite(selectors.requestFor(path, method)),
            mutatedRequestFor: (path: string, method: string) => rewrite(selectors.mutatedRequestFor(path, method)),
          };
          return h(
            "div",
            null,
            h(
              "p",
              { className: "petstore-in-page-notice", role: "note" },
              "Answered inside this page: ",
              h("code", null, url),
              " exists only in this tab, so a terminal gets no answer there.",
              standIn
                ? [
                    " The Curl command and Request URL below are for a running petstore-mock at ",
                    h("code", { key: "url" }, standIn.url),
                    "; start one with ",
                    ...startCommands(h, standIn),
                    ".",
                  ]
                : null,
            ),
            h(Original, { ...props, specSelectors }),
          );
        },
      },
    };
  };
}

/** A response's headers, when they are resolved (a `$ref` says nothing yet of whether it is required). */
function resolvedHeaders(response: unknown, Im: SwaggerUiSystem["Im"]): ImmutableMap | undefined {
  if (!Im.Map.isMap(response)) {
    return undefined;
  }
  const headers = response.get("headers");
  return headers && Im.Map.isMap(headers) ? headers : undefined;
}

/**
 * Optional headers that every response of an operation documents alike (today the CORS headers only the
 * standalone mock sends) are shown once under the operation's responses rather than under each status.
 */
export function commonResponseHeaders(system: SwaggerUiSystem) {
  const { createElement: h } = system.React;
  const { Im } = system;
  return {
    wrapComponents: {
      responses:
        (Original: unknown) => (props: { responses: ImmutableMap; getComponent: SwaggerUiProps["getComponent"] }) => {
          const { responses } = props;
          const codes = responses
            .keySeq()
            .toArray()
            .filter((code) => !code.startsWith("x-"));
          const first = resolvedHeaders(responses.get(codes[0] ?? ""), Im);
          if (codes.length < 2 || !first) {
            return h(Original, props);
          }
          const common = new Set(
            first
              .keySeq()
              .toArray()
              .filter((name) => {
                const header = first.get(name);
                if (!header || !Im.Map.isMap(header) || header.has("$ref") || header.get("required")) {
                  return false;
                }
                const text = JSON.stringify(header.toJS());
                return codes.every((code) => {
                  const other = resolvedHeaders(responses.get(code), Im)?.get(name);
                  return other !== undefined && JSON.stringify(other.toJS()) === text;
                });
              }),
          );
          if (common.size === 0) {
            return h(Original, props);
          }
          const trimmed = responses.map((response, code) => {
            const headers = code.startsWith("x-") ? undefined : resolvedHeaders(response, Im);
            return headers
              ? (response as ImmutableMap).set(
                  "headers",
                  headers.filter((_, name) => !common.has(name)),
                )
              : response;
          });
          const Headers = props.getComponent("headers");
          return h(
            "div",
            null,
            h(Original, { ...props, responses: trimmed }),
            h(
              "div",
              { className: "petstore-common-headers" },
              h("h4", null, "Optional headers of every response above"),
              h(Headers, { headers: first.filter((_, name) => common.has(name)), getComponent: props.getComponent }),
            ),
          );
        },
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
