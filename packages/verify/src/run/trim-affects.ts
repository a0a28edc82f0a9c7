// The last cut of an x-affects finding's reproduction: the check reads every read a write could change
// before and after it (a dozen), but what shows the undeclared change is the write, then the one read
// that changed (by id where one did, a list else). The check's other reads are left out.

import type { Failure } from "../model/failure.js";
import type { Exchange } from "../report.js";

/** `steps` as the calls before the check's reads, the failing write, and the first read it changed; as they are for another check. */
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
  let start = write;
  while (start > 0 && steps[start - 1]!.method === "GET") {
    start--; // the check's reads before the write
  }
  return [...steps.slice(0, start), steps[write]!, read];
}
