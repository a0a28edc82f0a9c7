// A finding's reproduction, run in bash as a user pastes it, against the broken backend over HTTP and
// against the right mock behind it: it shows the defect when the last answers differ. It is minimal
// when no call can be left out with the defect still showing.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { DEMO_API_KEY } from "@petstore/mock";
import { reproductionScript } from "../../src/report/curl.js";
import { API_KEY_VARIABLE, redactKey } from "../../src/report/redact.js";
import type { Finding, VerifyReport } from "../../src/report.js";
import {
  BROKEN_FETCH_URL,
  type BrokenBackendKind,
  type RunningBrokenBackend,
  type SharedBrokenBackend,
  startSharedBrokenBackend,
} from "./broken-backends.js";

/** Runs `lines` as one bash script, the key in the environment as a user exports it. */
async function bash(lines: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)("bash", ["--noprofile", "--norc", "-c", lines.join("\n")], {
    env: { PATH: process.env.PATH, PETSTORE_API_KEY: DEMO_API_KEY },
  });
  return stdout;
}

/** What a defect can show in: the status, the headers the document declares for it, and the body. */
const SHOWN_HEADERS = ["x-total-count", "link", "www-authenticate", "location", "content-type"];

/** A record the script kept in a variable (`PET_1=42`): each try makes new ones, so answers name them by the variable. */
interface Kept {
  name: string;
  prefix: string;
  id: number;
}

/** The records a script's output kept in variables. */
const keptIn = (output: string): Kept[] =>
  [...output.matchAll(/^(([A-Z]+)_\d+)=(\d+)$/gm)].map(([, name, prefix, id]) => ({
    name: name!,
    prefix: prefix!,
    id: Number(id),
  }));

/** The variable prefix of the records under each path (an inventory entry is its pet's). */
const PATH_PREFIXES: Record<string, string> = {
  pets: "PET",
  categories: "CATEGORY",
  "store/orders": "ORDER",
  "store/inventory": "PET",
};

/** The last answer of a script's output, with the backend's own origin written as `BASE` and its records' ids as their variables. */
function lastAnswer(output: string, origin: string, kept: Kept[]): string {
  const answer = output.slice(output.lastIndexOf("HTTP/")).replaceAll(origin, "BASE");
  const [head = "", body = ""] = answer.split(/\r?\n\r?\n/);
  const [status, ...headers] = head.split(/\r?\n/);
  const nameOf = (prefix: string | undefined, id: unknown) =>
    kept.find((record) => record.prefix === prefix && record.id === Number(id))?.name;
  // Header names in one case: the proxy and the mock write them differently. Ids only in a path (`/pets/42`),
  // never a count or an offset that happens to equal one.
  const shown = headers
    .map((line) => `${line.slice(0, line.indexOf(":")).toLowerCase()}${line.slice(line.indexOf(":"))}`)
    .filter((line) => SHOWN_HEADERS.includes(line.split(":")[0]!))
    .map((line) =>
      line.replace(
        /\/(pets|categories|store\/orders|store\/inventory)\/(\d+)\b/g,
        (whole, path: string, id: string) => {
          const name = nameOf(PATH_PREFIXES[path], id);
          return name ? `/${path}/$${name}` : whole;
        },
      ),
    )
    .sort();
  return [status, ...shown, bodyWithVariables(body.trim(), kept, nameOf)].join("\n");
}

/**
 * A JSON body with each id of a kept record written as its variable: a record's own `id` by its kind (an
 * order has a `quantity`, a pet a `categoryId`), `petId` and `categoryId` as such, and in a text (an error's
 * message) any number that equals one. Not JSON: the text so.
 */
function bodyWithVariables(
  body: string,
  kept: Kept[],
  nameOf: (prefix: string | undefined, id: unknown) => string | undefined,
): string {
  const inText = (text: string) =>
    [...kept]
      .sort((a, b) => String(b.id).length - String(a.id).length)
      .reduce((named, { name, id }) => named.replace(new RegExp(`\\b${id}\\b`, "g"), `$${name}`), text);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      return value.map(walk);
    }
    if (typeof value === "string") {
      return inText(value);
    }
    if (!value || typeof value !== "object") {
      return value;
    }
    const own = "quantity" in value ? "ORDER" : "categoryId" in value ? "PET" : "CATEGORY";
    const prefixOf: Record<string, string> = { id: own, petId: "PET", categoryId: "CATEGORY" };
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => {
        const name = nameOf(prefixOf[key], field);
        return [key, name ? `$${name}` : walk(field)];
      }),
    );
  };
  try {
    return JSON.stringify(walk(JSON.parse(body)));
  } catch {
    return inText(body);
  }
}

/** Where the records a script keeps in variables live, in the order they can be deleted (an order before its pet, a pet before its category). */
const COLLECTIONS = [
  ["ORDER", "/store/orders"],
  ["PET", "/pets"],
  ["CATEGORY", "/categories"],
] as const;

/**
 * A DELETE of every record `steps` made, in one curl (a process per DELETE cost a try most of its time): a
 * script with a call left out may leave what the finding's own clean-up does not delete (a pet whose DELETE
 * was left out keeps its category), and the next try needs its names. Of a record the steps deleted, a 404.
 */
function everyRecordOf(steps: string[]): string[] {
  const made = [...new Set([...steps.join("\n").matchAll(/\b([A-Z]+_\d+)=\$\(/g)].map((match) => match[1]!))];
  const urls = COLLECTIONS.flatMap(([prefix, path]) =>
    made
      .filter((name) => name.startsWith(`${prefix}_`))
      .reverse()
      .map((name) => `-o /dev/null "${BROKEN_FETCH_URL}${path}/\${${name}}"`),
  );
  return urls.length ? [`curl -sS -X DELETE -H "authorization: Bearer ${API_KEY_VARIABLE}" ${urls.join(" ")}`] : [];
}

/** The calls of a finding that can be left out with the defect still showing; `shows` false when it does not show at all. */
export async function passengers(
  finding: Finding,
  backend: RunningBrokenBackend,
): Promise<{ shows: boolean; calls: number; needless: string[] }> {
  const script = reproductionScript(finding.steps, finding.cleanup, { Authorization: `Bearer ${API_KEY_VARIABLE}` });
  const showsWith = async (steps: string[]) => {
    // A new breakage for each try, as a user pastes the lines against a backend that never saw the others'
    // (a stale list primed by an earlier try would show without the read that primes it).
    backend.reset?.();
    const answers: string[] = [];
    // One after the other: both sides share the mock's store.
    for (const origin of [backend.url, backend.mockUrl]) {
      const at = (line: string) => line.replaceAll(BROKEN_FETCH_URL, origin);
      // The clean-up after a marker: each try leaves the store as it found it (every record it made is the
      // finding's clean-up and more).
      const output = await bash([...steps, "echo '--- clean-up ---'", ...everyRecordOf(steps)].map(at));
      answers.push(lastAnswer(output.split("--- clean-up ---")[0]!, origin, keptIn(output)));
    }
    return answers[0] !== answers[1];
  };
  const shows = await showsWith(script.steps);
  const needless: string[] = [];
  for (const [index, line] of script.steps.slice(0, -1).entries()) {
    if (shows && (await showsWith(script.steps.filter((_, at) => at !== index)))) {
      needless.push(line);
    }
  }
  return { shows, calls: script.steps.length, needless };
}

/** What one finding's reproduction did in bash: whether the defect showed, and the calls that could go. */
export interface TriedReproduction {
  /** `check in where` */
  finding: string;
  shows: boolean;
  needless: string[];
}

/**
 * The reproductions of a file's reports, run in bash: each finding's curl lines against the kind's backend over
 * HTTP, one backend for the whole file (started at the first use, its breakage switched per kind). Close it after.
 */
export function reproductionsInBash() {
  let shared: Promise<SharedBrokenBackend> | undefined;
  return {
    async tryAll(kind: BrokenBackendKind, report: Pick<VerifyReport, "findings">): Promise<TriedReproduction[]> {
      shared ??= startSharedBrokenBackend();
      const backend = (await shared).use(kind);
      const tried: TriedReproduction[] = [];
      for (const finding of redactKey(report as VerifyReport, DEMO_API_KEY).findings) {
        const { shows, needless } = await passengers(finding, backend);
        tried.push({ finding: `${finding.check} in ${finding.where}`, shows, needless });
      }
      return tried;
    },
    close: async () => (await shared)?.close(),
  };
}
