// One request of a report as a curl command line a user pastes into a POSIX shell to send it again.
import { operations } from "@petstore/contract";
import type { Exchange } from "../report.js";
import { API_KEY_VARIABLE } from "./redact.js";

/** Headers curl works out itself; a copied value would be wrong once the line is edited. */
const HEADERS_CURL_SETS = new Set(["host", "content-length", "connection"]);

/**
 * `curl -sS -i -X POST 'https://…/pets' -H 'Content-Type: application/json' -H "Authorization: Bearer $PETSTORE_API_KEY" --data-raw '{…}'`:
 * every word quoted for the shell; `$PETSTORE_API_KEY` is the one thing the shell expands.
 */
export function curlCommand(exchange: Pick<Exchange, "method" | "url" | "headers" | "body">): string {
  const method = exchange.method.toUpperCase();
  // -X HEAD would make curl wait for a body that never comes.
  const words = ["curl", "-sS", "-i", ...(method === "HEAD" ? ["--head"] : ["-X", method]), exchange.url];
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (!HEADERS_CURL_SETS.has(name.toLowerCase())) {
      words.push("-H", `${name}: ${value}`);
    }
  }
  if (exchange.body !== undefined) {
    words.push("--data-raw", exchange.body);
  }
  return words.map(shellWord).join(" ");
}

/** Characters a word may hold and stay unquoted. */
const PLAIN = /^[A-Za-z0-9_\-.,:/@=+%]+$/;
/** Characters double quotes would still interpret (or bash's history expansion would). */
const SPECIAL_IN_DOUBLE_QUOTES = /["\\`$!]/;

/** One word for a POSIX shell: as it is, in single quotes, or in double quotes where it holds the key's variable. */
export function shellWord(word: string): string {
  if (PLAIN.test(word)) {
    return word;
  }
  const pieces = word.split(VARIABLES);
  if (pieces.length === 1) {
    return singleQuoted(word);
  }
  // split() with a capturing group: text at even indexes, the variables between.
  if (pieces.every((piece, index) => index % 2 === 1 || !SPECIAL_IN_DOUBLE_QUOTES.test(piece))) {
    return `"${word}"`;
  }
  return pieces
    .map((piece, index) => (index % 2 === 1 ? `"${piece}"` : piece === "" ? "" : singleQuoted(piece)))
    .join("");
}

/** What the shell expands in a word: the key's variable, and the `${PET_1}` a reproduction keeps ids in. */
const VARIABLES = new RegExp(`(${API_KEY_VARIABLE.replace("$", "\\$")}|\\$\\{[A-Z][A-Z0-9_]*\\})`);

/** Single quotes take everything literally; a quote inside ends them, adds an escaped quote and opens them again. */
const singleQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The collections whose records a reproduction creates, from the document: each `POST` answering 201, the name
 * its records' id has in paths (`petId`, from the read of one record), the variable a created id goes in (`PET`),
 * and where such an id appears: after the path prefixes of that parameter (`/pets/`, `/store/inventory/`), in
 * query parameters and body fields of that name, and in the `id` filter of the collection's own list.
 */
const CREATES = operations
  .filter((op) => op.method === "POST" && op.responses.has(201))
  .flatMap((op) => {
    const idName = operations
      .find(
        (read) =>
          read.method === "GET" &&
          read.path.startsWith(`${op.path}/{`) &&
          read.segments.length === op.segments.length + 1,
      )
      ?.segments.at(-1)
      ?.slice(1, -1);
    if (idName === undefined) {
      return [];
    }
    const list = operations.find((read) => read.method === "GET" && read.path === op.path);
    return [
      {
        path: new RegExp(`${escapeRegExp(op.path)}$`),
        variable: idName.replace(/Id$/, "").toUpperCase(),
        inPaths: [
          ...new Set(
            operations.flatMap((other) => {
              const at = other.path.indexOf(`{${idName}}`);
              return at > 0 ? [other.path.slice(0, at)] : [];
            }),
          ),
        ],
        fields: [idName],
        query: [
          idName,
          ...(list?.parameters.some((parameter) => parameter.in === "query" && parameter.name === "id") ? ["id"] : []),
        ],
      },
    ];
  });

interface Kept {
  id: number;
  name: string;
  creates: (typeof CREATES)[number];
}

/** `text` with each id a step created replaced by its variable: in paths, queries and JSON bodies. */
function withVariables(text: string, kept: Kept[]): string {
  let result = text;
  for (const { id, name, creates } of kept) {
    const variable = `\${${name}}`;
    for (const prefix of creates.inPaths) {
      result = result.replace(new RegExp(`(${escapeRegExp(prefix)})${id}(?=[/?#]|$)`, "g"), `$1${variable}`);
    }
    for (const parameter of creates.query) {
      result = result.replace(new RegExp(`([?&]${parameter}=)${id}(?=&|$)`, "g"), `$1${variable}`);
    }
    for (const field of creates.fields) {
      result = result.replace(new RegExp(`("${field}"\\s*:\\s*)${id}(?=[\\s,}])`, "g"), `$1${variable}`);
    }
  }
  return result;
}

/**
 * A reproduction as shell lines that work against any backend, whatever ids it hands out: each record a
 * step creates is kept in a variable (`PET_1=$(curl …)`), and later steps and the clean-up name it so.
 */
export function reproductionScript(
  steps: readonly Pick<Exchange, "method" | "url" | "headers" | "body" | "response">[],
  cleanup: readonly { method: string; url: string }[],
  headers: Record<string, string>,
): { steps: string[]; cleanup: string[] } {
  const kept: Kept[] = [];
  const counts = new Map<string, number>();
  const lines = steps.map((step, index) => {
    const call = {
      ...step,
      url: withVariables(step.url, kept),
      ...(step.body === undefined ? {} : { body: withVariables(step.body, kept) }),
    };
    const creates = CREATES.find((candidate) => candidate.path.test(step.url.split("?")[0]!));
    const id = step.method === "POST" && step.response.status === 201 ? idOf(step.response.body) : undefined;
    if (!creates || id === undefined) {
      return curlCommand(call);
    }
    const count = (counts.get(creates.variable) ?? 0) + 1;
    counts.set(creates.variable, count);
    const name = `${creates.variable}_${count}`;
    kept.push({ id, name, creates });
    const idIn = (answer: string) =>
      `${name}=$(${answer} | sed -nE 's/.*"id":([0-9]+).*/\\1/p') && echo "${name}=$${name}"`;
    if (index === steps.length - 1) {
      // The call that shows the finding: its answer printed whole, its record still kept for the clean-up.
      return `ANSWER=$(${curlCommand(call)}) && ${idIn(`printf '%s' "$ANSWER"`)} && printf '%s\\n' "$ANSWER"`;
    }
    return idIn(curlCommand(call).replace(/^curl -sS -i /, "curl -sS "));
  });
  return {
    steps: lines,
    cleanup: cleanup.map((call) => curlCommand({ ...call, url: withVariables(call.url, kept), headers })),
  };
}

function idOf(body: string): number | undefined {
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === "number" ? id : undefined;
  } catch {
    return undefined;
  }
}
