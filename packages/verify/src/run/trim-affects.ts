// The last cut of an x-affects finding's reproduction: the check reads every read a write could change
// before and after it (a dozen), but what shows the undeclared change is the writes that make the
// records, the write, then the one read that changed (by id where one did, a list else). The check's
// other reads are left out, those around an earlier write of the same operation too.

import type { Failure } from "../model/failure.js";
import type { Exchange } from "../report.js";

/** `steps` as the writes before the failing one, that write, and the first read it changed; as they are for another check. */
export function withTheChangedRead(failure: Failure, steps: Exchange[]): Exchange[] {
  let write = steps.length - 1;
  while (write >= 0 && steps[write]!.method === "GET") {
    write--;
  }
  // The reads the failure names, as `listPets (GET /pets?limit=100) changed…` or `getPet (GET /pets/42: petId=42)…`.
  const urls = [...failure.message.matchAll(/^ {2}\w+ \(GET ([^\s:)]+)/gm)].map((match) => match[1]!);
  const url = urls.find((candidate) => !candidate.includes("?")) ?? urls[0];
  const read = steps.slice(write + 1).find((step) => step.method === "GET" && url && step.url.endsWith(url));
  if (failure.check !== "x-affects" || write < 0 || !read) {
    return steps;
  }
  // The writes that make the records, without the check's reads around them (those of an earlier write of
  // the same operation too): what a write changes does not depend on what was read before it.
  return [...steps.slice(0, write).filter((step) => step.method !== "GET"), steps[write]!, read];
}
