// `@petstore/verify`'s capture: a backend's records as a snapshot the mock loads.
export { type CaptureOptions, capture } from "./capture.js";
export type { Collection } from "./records.js";
export { REDACTABLE_FIELDS, type RedactableField } from "./redact.js";
export type { CaptureReport, CaptureResult } from "./report.js";
export { CAPTURE_RULES, type CaptureChange, type CaptureRule, type CaptureRuleName } from "./rules.js";
export type { CapturedSnapshot, CapturedStateFile } from "./snapshot.js";
export { renderCaptureText } from "./text.js";
