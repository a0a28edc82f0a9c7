// The last cut of a reproduction made of reads only: each read before the last is left out while the
// last answer stays the same without it. A command that follows a list's Link rel=next records every
// page it read, but a page past the first shows its defect alone; a read that primes a cache (a stale
// list) changes the last answer when it is left out, and stays.

import type { Exchange } from "../report.js";
import type { RunContext } from "./context.js";

/** The parts of an answer a defect shows in: the status, the body, and the headers the checks read. */
const SHOWN_HEADERS = ["x-total-count", "link", "www-authenticate", "location"];

/** An answer as far as a defect shows in it. */
export const answerOf = (response: Exchange["response"]) =>
  JSON.stringify([response.status, response.body, SHOWN_HEADERS.map((name) => response.headers[name] ?? null)]);

/** `steps` without the reads the last answer does not need; as they are when any step is not a GET. */
export async function withoutNeedlessReads(run: Pick<RunContext, "target">, steps: Exchange[]): Promise<Exchange[]> {
  if (steps.length < 2 || steps.some((step) => step.method !== "GET")) {
    return steps;
  }
  const wanted = answerOf(steps.at(-1)!.response);
  let kept = steps;
  for (let index = kept.length - 2; index >= 0; index--) {
    const without = kept.filter((_, at) => at !== index);
    let last: Exchange["response"] | undefined;
    for (const step of without) {
      const authorization = step.headers.authorization;
      const response = await run.target.send({
        method: "GET",
        url: step.url.slice(run.target.baseUrl.length),
        ...(authorization === undefined ? { key: null } : { authorization: () => authorization }),
      });
      last = {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: response.text.slice(0, 4000),
      };
    }
    if (last && answerOf(last) === wanted) {
      kept = without;
    }
  }
  return kept;
}
