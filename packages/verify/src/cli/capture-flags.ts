// The command line of `petstore-verify capture`: its flags and their checks, each refusal one line
// that names the flag.
import { parseArgs } from "node:util";
import { CAPTURE_FORMATS, type CaptureFormat, type CaptureOptions } from "../capture/capture.js";
import { REDACTABLE_FIELDS, redactableFields } from "../capture/redact.js";
import { withSuggestion } from "../generated/did-you-mean.js";
import { DEFAULTS } from "../run/settings.js";
import { EXIT } from "./exit.js";
import { apiKey, baseUrl, positiveNumber, UsageError, wholeNumber } from "./flags.js";

/** The longest `--timeout`: an hour is already far past any answer worth waiting for. */
const MAX_TIMEOUT_SECONDS = 3600;

export type CaptureRequest = { kind: "help" } | { kind: "run"; options: CaptureOptions; out: string };

const FLAGS = {
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  out: { type: "string" },
  rate: { type: "string" },
  timeout: { type: "string" },
  redact: { type: "string", multiple: true },
  "max-per-collection": { type: "string" },
  format: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export const CAPTURE_USAGE = `Usage: petstore-verify capture --base-url URL --api-key KEY --out FILE [--rate N]
                               [--redact FIELDS] [--max-per-collection N] [--format state|snapshot]
                               [--timeout SECONDS]

Reads every record of a running Petstore backend with GET requests only (every page of the
categories, pets, orders and inventory), checks each against the document and the state rules, and
writes them to FILE as the mock's state file: petstore-mock --state FILE serves them, and so do
createPetstoreFetch({ initialState }) and the browser mock. With --format snapshot, FILE is one
snapshot: the body PUT /__petstore/sessions/{name}/state takes as it is, which all of those load too.

  --base-url URL            the backend's base URL, e.g. https://staging.example.com/api (required)
  --api-key KEY             a bearer key the backend accepts (required; or set PETSTORE_API_KEY)
  --out FILE                where to write the snapshot (required); replaced whole, or not at all
  --rate N                  the most requests per second (default ${DEFAULTS.rate})
  --redact FIELDS           replace these fields by placeholders made from the id: ${REDACTABLE_FIELDS.join(", ")},
                            or name (both names), description; comma-separated, or repeat the flag
  --max-per-collection N    at most N categories, pets and orders: pets by ascending id with their
                            categories, then orders of those pets only
  --format state|snapshot   state: the mock's state file (default); snapshot: its one session alone
  --timeout SECONDS         the most one request may take, its headers and whole body (default 30);
                            past it the capture stops, nothing written
  --help                    show this help

A record that breaks the document or a state rule is never loaded silently: it is left out or fixed
by a stated rule (an open order of a pet that is not captured is left out; a sold pet's stock is set
to 0; ...), and each rule that touched records is printed as a finding. Progress goes to stderr.

Exit status:
  ${EXIT.nothingFound}  FILE written, every record as it was read (the cap and --redact aside)
  ${EXIT.differenceFound}  FILE written, but records were left out or fixed, or answers broke the document
  ${EXIT.cannotRun}  nothing written: a bad flag, FILE cannot be written, the server unreachable, the
     key refused, or a list that does not answer; the reason is one line on stderr`;

/** Reads the capture's argv (after `capture`) and the environment (`PETSTORE_API_KEY`). */
export function parseCaptureFlags(argv: string[], env: Record<string, string | undefined>): CaptureRequest {
  let values: ReturnType<typeof parseArgs<{ options: typeof FLAGS; strict: true; allowPositionals: false }>>["values"];
  try {
    ({ values } = parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(withSuggestion((error as Error).message, Object.keys(FLAGS)));
  }
  if (values.help) {
    return { kind: "help" };
  }
  const out = values.out;
  if (out === undefined || out === "") {
    throw new UsageError("--out is required: the file to write the snapshot to, e.g. --out state.json");
  }
  const options: CaptureOptions = {
    baseUrl: baseUrl(values["base-url"]),
    apiKey: apiKey(values["api-key"], env.PETSTORE_API_KEY),
  };
  if (values.format !== undefined) {
    if (!(CAPTURE_FORMATS as readonly string[]).includes(values.format)) {
      throw new UsageError(`--format must be ${CAPTURE_FORMATS.join(" or ")}, got ${JSON.stringify(values.format)}`);
    }
    options.format = values.format as CaptureFormat;
  }
  if (values.rate !== undefined) {
    options.rate = positiveNumber("rate", values.rate, "requests per second");
  }
  if (values.timeout !== undefined) {
    const seconds = positiveNumber("timeout", values.timeout, "seconds");
    if (seconds > MAX_TIMEOUT_SECONDS) {
      throw new UsageError(`--timeout must be at most ${MAX_TIMEOUT_SECONDS} seconds (got ${values.timeout})`);
    }
    options.requestTimeoutMs = seconds * 1000;
  }
  if (values["max-per-collection"] !== undefined) {
    options.maxPerCollection = wholeNumber(
      "max-per-collection",
      values["max-per-collection"],
      1,
      Number.MAX_SAFE_INTEGER,
    );
  }
  if (values.redact !== undefined) {
    const chosen = redactableFields(values.redact.flatMap((list) => list.split(",")));
    if ("unknown" in chosen) {
      throw new UsageError(
        `--redact ${JSON.stringify(chosen.unknown)} is not a field it replaces; the fields are ${REDACTABLE_FIELDS.join(", ")}, and name (pet.name and category.name) or description (category.description)`,
      );
    }
    options.redact = chosen.fields;
  }
  return { kind: "run", options, out };
}
