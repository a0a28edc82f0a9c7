// The parity suite's verdict: each server's answers against the Node CLI's, allowed to differ only where the
// mock README's one list of documented differences says so (and each entry there must still differ).
import { isDeepStrictEqual } from "node:util";
import type { ParityRequest } from "./requests.js";
import type { ParityAnswer } from "./send.js";

/** The heading of the mock README's table of differences: `| server | request | what differs | why |`. */
export const DIFFERENCES_HEADING = "### What each server cannot do";

export interface Difference {
  server: string;
  request: string;
  expected: ParityAnswer;
  actual: ParityAnswer;
}

/** `server: request` → why, from the README's table (its first two columns name them, in backticks or not). */
export function documentedDifferences(readme: string): Map<string, string> {
  const start = readme.indexOf(`\n${DIFFERENCES_HEADING}\n`);
  if (start === -1) {
    throw new Error(`the mock README has no "${DIFFERENCES_HEADING}" section`);
  }
  const lines = readme.slice(start + DIFFERENCES_HEADING.length + 2).split("\n");
  const first = lines.findIndex((line) => line.startsWith("|"));
  const after = lines.findIndex((line, index) => index > first && !line.startsWith("|"));
  const rows = first === -1 ? [] : lines.slice(first, after === -1 ? undefined : after);
  const documented = new Map<string, string>();
  for (const row of rows.slice(2)) {
    const [server, request, , why] = row
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/^`|`$/g, ""));
    documented.set(`${server}: ${request}`, why ?? "");
  }
  return documented;
}

/** Where `server` answered otherwise than the reference; a request the server cannot be sent is skipped. */
export function differencesOf(
  server: string,
  requests: readonly ParityRequest[],
  reference: readonly ParityAnswer[],
  answers: readonly (ParityAnswer | undefined)[],
): Difference[] {
  return requests.flatMap((request, index) => {
    const actual = answers[index];
    const expected = reference[index]!;
    return actual === undefined || isDeepStrictEqual(actual, expected)
      ? []
      : [{ server, request: request.name, expected, actual }];
  });
}

/** The differences no entry documents, and the entries of `server` that no longer differ (to be removed). */
export function verdict(
  server: string,
  found: readonly Difference[],
  documented: ReadonlyMap<string, string>,
  sent: readonly string[],
): { undocumented: Difference[]; stale: string[] } {
  const foundNames = new Set(found.map((difference) => difference.request));
  return {
    undocumented: found.filter((difference) => !documented.has(`${server}: ${difference.request}`)),
    stale: [...documented.keys()].filter(
      (entry) =>
        entry.startsWith(`${server}: `) &&
        sent.includes(entry.slice(server.length + 2)) &&
        !foundNames.has(entry.slice(server.length + 2)),
    ),
  };
}

/** A difference as a person reads it. */
export const describeDifference = (difference: Difference) =>
  `${difference.server}: ${difference.request}\n  Node CLI: ${JSON.stringify(difference.expected)}\n  ${difference.server}: ${JSON.stringify(difference.actual)}`;
