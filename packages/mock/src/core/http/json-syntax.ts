// Where a body stops being JSON, in the mock's own words: the engines' JSON.parse messages differ (V8's in Node
// and Deno, JavaScriptCore's in Bun), and every server answers the same request word for word.

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);

/** The index past a JSON string that starts at `start` (a `"`), or -1 where it breaks. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') {
      return index + 1;
    }
    if (char === "\\") {
      const next = text[index + 1];
      if (next === "u" ? !/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6)) : !ESCAPES.has(next ?? "")) {
        return -1;
      }
      index += next === "u" ? 5 : 1;
    } else if (char < " ") {
      return -1;
    }
  }
  return -1;
}

function valueEnd(text: string, start: number): number {
  const char = text[start];
  if (char === '"') {
    return stringEnd(text, start);
  }
  for (const literal of ["true", "false", "null"]) {
    if (text.startsWith(literal, start)) {
      return start + literal.length;
    }
  }
  NUMBER.lastIndex = start;
  return NUMBER.exec(text) ? NUMBER.lastIndex : -1;
}

function where(text: string, index: number, expected: string): string {
  const before = text.slice(Math.max(0, index - 10_000), index);
  const found = index >= text.length ? "the end of the body" : JSON.stringify(text[index]);
  const line = index > 10_000 ? undefined : before.split("\n").length;
  const column = index - (before.lastIndexOf("\n") + 1) + 1;
  const place = line === undefined ? `position ${index}` : `position ${index} (line ${line}, column ${column})`;
  return `expected ${expected} at ${place}, found ${found}`;
}

/**
 * What is wrong with `text` as JSON, read without recursion (a body may nest deeply): where it breaks and
 * what was expected there. Undefined when the syntax is whole (JSON.parse refused it for another reason).
 */
export function jsonSyntaxError(text: string): string | undefined {
  const closers: string[] = [];
  let state: "value" | "first-value" | "key" | "first-key" | "after" = "value";
  let index = 0;
  for (;;) {
    while (WHITESPACE.has(text[index] ?? "")) {
      index++;
    }
    const char = text[index];
    if (state === "value" || state === "first-value") {
      if ((state === "first-value" && char === "]") || char === "{" || char === "[") {
        if (char === "]") {
          closers.pop();
        } else {
          closers.push(char === "{" ? "}" : "]");
        }
        state = char === "{" ? "first-key" : char === "[" ? "first-value" : "after";
        index++;
        continue;
      }
      const end = valueEnd(text, index);
      if (end === -1) {
        return where(text, index, "a value");
      }
      index = end;
      state = "after";
    } else if (state === "key" || state === "first-key") {
      if (state === "first-key" && char === "}") {
        closers.pop();
        index++;
        state = "after";
        continue;
      }
      const end = char === '"' ? stringEnd(text, index) : -1;
      if (end === -1) {
        return where(text, index, "a property name in double quotes");
      }
      index = end;
      while (WHITESPACE.has(text[index] ?? "")) {
        index++;
      }
      if (text[index] !== ":") {
        return where(text, index, '":"');
      }
      index++;
      state = "value";
    } else {
      const closer = closers.at(-1);
      if (closer === undefined) {
        return index >= text.length ? undefined : where(text, index, "the end of the body");
      }
      if (char === ",") {
        state = closer === "}" ? "key" : "value";
      } else if (char === closer) {
        closers.pop();
      } else {
        return where(text, index, `"," or "${closer}"`);
      }
      index++;
    }
  }
}
