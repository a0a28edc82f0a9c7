// The file of `petstore-mock --state FILE` (`StateFile` of openapi/control.yaml): every session's snapshot by
// its name, as readable JSON. A file of the earlier format, a single `Snapshot`, reads as the session `default`.

import { contract } from "../generated/contract.js";
import type { components } from "../generated/control/schema.js";
import * as controlValidators from "../generated/control/validators.js";
import { describeBodyError } from "../generated/describe-validation-error.js";
import { shorten } from "../generated/shorten.js";
import { MockApiError } from "../http/errors.js";
import { assertSessionName, DEFAULT_SESSION } from "../sessions/session-name.js";
import type { SessionResetTarget } from "../sessions/types.js";
import { DOCUMENTED_LIMITS } from "../store/limits.js";
import type { StoreLimits, StoreSnapshot } from "../store/store.js";
import { type Snapshot, toSnapshot } from "./snapshot.js";
import { parseJsonFile, readSnapshotData, SnapshotError } from "./snapshot-file.js";

/** The state file: every session's snapshot by name. */
export type StateFile = components["schemas"]["StateFile"];

// Typed by the document's single `enum` values, so a new format or version fails to compile here.
const FORMAT: StateFile["format"] = "petstore-state";
const VERSION: StateFile["version"] = 1;
/** The format of a file that holds one session's snapshot (the format before `StateFile`). */
const EARLIER_FORMAT: Snapshot["format"] = "petstore-snapshot";

/** A state file as read: its sessions in the file's order, and whether it was of the earlier, one-snapshot format. */
export interface StateFileContents {
  readonly sessions: ReadonlyArray<readonly [name: string, state: StoreSnapshot]>;
  readonly earlierFormat: boolean;
  /** How the start data is made, if the file records it (files written before it was recorded do not). */
  readonly start?: SessionResetTarget;
}

/**
 * `value` as `JSON.stringify(value, null, 2)` writes it `depth` objects deep in a file (each line after the first
 * further in): stringified inside that many wrappers and cut out of them. Indenting the text afterwards scanned and
 * copied it again, and a large state is written several times a second.
 */
export function jsonAtDepth(value: unknown, depth: number): string {
  let wrapped = value;
  let opening = 0;
  let closing = 0;
  for (let level = 1; level <= depth; level++) {
    wrapped = { _: wrapped };
    // `{\n`, the indent and `"_": ` before the value; a line break, the indent and `}` after it.
    opening += 2 + 2 * level + 5;
    closing += 2 + 2 * (level - 1);
  }
  const text = JSON.stringify(wrapped, null, 2);
  return text.slice(opening, text.length - closing);
}

/** A snapshot as `serializeSnapshot` writes it, standing two levels deep in the file (`sessions`, its name). */
const snapshotTwoLevelsDeep = (state: StoreSnapshot): string => jsonAtDepth(toSnapshot(state), 2);

/**
 * The file's text around its sessions' snapshots, for sessions named `names` in that order: the text before the
 * first snapshot, then after each one (one part more than names). Each snapshot stands under its name, two levels
 * deep; the incremental writer of `--state` (state/state-file-pieces.ts) puts the same text together piece by piece.
 */
export function stateFileFrame(names: readonly string[], start?: SessionResetTarget): string[] {
  const recipe = start === undefined ? "" : `\n  "start": ${JSON.stringify(start, null, 1).replace(/\n\s*/g, " ")},`;
  const head = `{\n  "format": ${JSON.stringify(FORMAT)},\n  "version": ${VERSION},${recipe}\n  "sessions": `;
  if (!names.length) {
    return [`${head}{}\n}\n`];
  }
  const before = names.map((name, at) => `${at ? ",\n" : `${head}{\n`}    ${JSON.stringify(name)}: `);
  return [...before, "\n  }\n}\n"];
}

/**
 * The sessions' states as the file's text: each session's snapshot exactly as `serializeSnapshot` writes it
 * (two-space JSON, the document's key order), under its name, in the order given; and how the start data is made.
 */
export function serializeStateFile(
  sessions: Iterable<readonly [name: string, state: StoreSnapshot]>,
  start?: SessionResetTarget,
): string {
  const list = [...sessions];
  const frame = stateFileFrame(
    list.map(([name]) => name),
    start,
  );
  return list.reduce((text, [, state], at) => text + snapshotTwoLevelsDeep(state) + frame[at + 1], frame[0]!);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The first problem of the file's own fields (its sessions are checked one by one after). */
function envelopeProblem(data: unknown): string | undefined {
  const validate = controlValidators.StateFileDocument;
  // The sessions' snapshots are checked by `readSnapshotData`, whose messages name their places.
  const envelope = isObject(data) && isObject(data.sessions) ? { ...data, sessions: {} } : data;
  if (validate(envelope)) {
    return undefined;
  }
  const error = validate.errors![0]!;
  if (error.keyword === "additionalProperties") {
    return `${shorten(String(error.params.additionalProperty))} is not a field of a state file`;
  }
  const { message } = describeBodyError(error, envelope, [], contract.patternDescriptions);
  return message.replace(/^body\./, "").replace(/^body /, "the file ");
}

/** A session's problem, placed under `sessions.NAME`. */
const inSession = (name: string, message: string) =>
  message.startsWith("the snapshot ")
    ? `sessions.${name} ${message.slice("the snapshot ".length)}`
    : `sessions.${name}.${message}`;

/**
 * The sessions of a state file's text, each checked in full as `PUT …/state` checks a snapshot; a file of
 * the earlier format (one `Snapshot`) is the session `default`. Throws a `SnapshotError` naming the first
 * problem and its place (`sessions.team-a.pets[3].categoryId: …`).
 */
export const parseStateFile = (text: string, caps: StoreLimits = DOCUMENTED_LIMITS): StateFileContents =>
  readStateFileData(parseJsonFile(text), caps);

/** `parseStateFile` of the file's parsed JSON (e.g. the `initialState` option). */
export function readStateFileData(data: unknown, caps: StoreLimits = DOCUMENTED_LIMITS): StateFileContents {
  if (isObject(data) && data.format === EARLIER_FORMAT) {
    return { sessions: [[DEFAULT_SESSION, readSnapshotData(data, caps)]], earlierFormat: true };
  }
  const problem = envelopeProblem(data);
  if (problem) {
    throw new SnapshotError(problem);
  }
  const sessions = Object.entries((data as StateFile).sessions).map(([name, snapshot]) => {
    try {
      assertSessionName(name);
      return [name, readSnapshotData(snapshot, caps)] as const;
    } catch (error) {
      if (error instanceof MockApiError) {
        throw new SnapshotError(`sessions: ${error.message}`);
      }
      throw error instanceof SnapshotError ? new SnapshotError(inSession(name, error.message)) : error;
    }
  });
  const { start } = data as StateFile;
  return { sessions, earlierFormat: false, ...(start === undefined ? {} : { start }) };
}
