// @petstore/verify: checks a real Petstore backend against the OpenAPI document and the reference
// model of its state rules.

export {
  CAPTURE_RULES,
  type CaptureChange,
  type CapturedSnapshot,
  type CapturedStateFile,
  type CaptureOptions,
  type CaptureReport,
  type CaptureResult,
  type CaptureRule,
  type CaptureRuleName,
  type Collection,
  capture,
  REDACTABLE_FIELDS,
  type RedactableField,
  renderCaptureText,
} from "./capture/index.js";
export { CHECK_KINDS, type Check } from "./checks.js";
export type { VerifyOptions } from "./options.js";
export { CannotRun, type Exchange, type Finding, type Leftover, type VerifyReport } from "./report.js";
export { DEFAULTS } from "./run/settings.js";
export { verify } from "./verify.js";
