// What a capture did: the records read and captured per collection, each record a rule left out or
// fixed (as findings, in the format of petstore-verify's), and what the cap and the redaction changed.

import type { Finding } from "../report.js";
import type { Collection } from "./records.js";
import type { RedactableField } from "./redact.js";
import type { CaptureChange } from "./rules.js";
import type { CapturedStateFile } from "./snapshot.js";

export interface CaptureReport {
  baseUrl: string;
  /** Wall time of the capture, in milliseconds. */
  durationMs: number;
  /** Requests sent, every one a GET. */
  requests: number;
  /** Records each list answered. */
  read: Record<Collection, number>;
  /** Records in the snapshot. */
  captured: Record<Collection, number>;
  /** Every record a rule left out or fixed, with its rule and why. */
  changes: CaptureChange[];
  /** Records left out by the cap, per collection (`maxPerCollection`, or the store's own caps). */
  capped: Record<Collection, number>;
  maxPerCollection: number | undefined;
  redacted: RedactableField[];
  /** Lists that went on past the document's cap of their collection: the read stopped there. */
  stoppedAtCap: Collection[];
  /** One per rule that touched a record, and one per kind of rule an answer broke; empty when none did. */
  findings: Finding[];
}

export interface CaptureResult {
  report: CaptureReport;
  /** The snapshot as `petstore-mock --state FILE` loads it; `state.sessions.default` is the body of `PUT …/state`. */
  state: CapturedStateFile;
  /** `state` as the file's text. */
  text: string;
}
