// @ts-check
// The interface's version and its record: openapi/interface-version.json holds the last agreed pair of
// info.version and interface fingerprint, and `checkInterfaceVersion` says whether the document still
// agrees with it and, if not, what to do. Read by `pnpm interface:record`
// (scripts/record-interface-version.mjs), `pnpm generate` (a note) and scripts/test/interface-version.test.ts.
//
// Why a recorded fingerprint: info.version is the interface's version (1.0.0 as the specification
// states), and must change when, and only when, the interface does. Neither half can be read from
// the document alone, so the record holds the last (version, fingerprint) pair that was agreed on.
// The fingerprint (interface-fingerprint.js says what counts) covers paths, operations, parameters,
// schemas, statuses, headers and limits, not prose, examples or code samples, so rewording a
// description needs no new version, and a new field or status cannot slip in under the old one.
// The record is written by a command run by hand, never by `pnpm generate`: a generator would follow
// any change silently, which is what the record is there to catch. Each interface change that lands
// gets its own version, even between two releases of the packages (a version that no package ever
// shipped with is harmless; one number naming two interfaces is not).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { document } from "./document.js";
import { interfaceFingerprint } from "./interface-fingerprint.js";

/** The record's path inside the repository. */
export const INTERFACE_RECORD = "openapi/interface-version.json";
const recordFile = fileURLToPath(new URL(`../../../${INTERFACE_RECORD}`, import.meta.url));

/** @typedef {{ version: string, fingerprint: string }} InterfaceVersion */

/** @returns {InterfaceVersion} the recorded version and fingerprint */
export function readInterfaceRecord(file = recordFile) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** @param {InterfaceVersion} current */
export function writeInterfaceRecord(current, file = recordFile) {
  writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
}

/** @returns {InterfaceVersion} the document's info.version and interface fingerprint */
export function currentInterface(doc = document) {
  return { version: String(doc.info.version), fingerprint: interfaceFingerprint(doc) };
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;
/**
 * Whether `a` is a higher MAJOR.MINOR.PATCH than `b`.
 * @param {string} a
 * @param {string} b
 */
function higher(a, b) {
  const [x, y] = [SEMVER.exec(a), SEMVER.exec(b)];
  if (!x || !y) {
    return false;
  }
  for (let index = 1; index <= 3; index++) {
    if (Number(x[index]) !== Number(y[index])) {
      return Number(x[index]) > Number(y[index]);
    }
  }
  return false;
}

/**
 * Whether the document agrees with the record, and if not, what to do.
 * @param {InterfaceVersion} recorded
 * @param {InterfaceVersion} current
 * @returns {{ agrees: true } | { agrees: false, recordable: boolean, message: string }}
 */
export function checkInterfaceVersion(recorded, current) {
  const sameVersion = recorded.version === current.version;
  const sameInterface = recorded.fingerprint === current.fingerprint;
  if (sameVersion && sameInterface) {
    return { agrees: true };
  }
  if (sameVersion) {
    return {
      agrees: false,
      recordable: false,
      message:
        `The interface in openapi/petstore.yaml changed (a path, operation, parameter, schema, status or header), ` +
        `but its info.version is still ${current.version}. Give info.version the next version (major for a change ` +
        `that breaks clients, minor for an addition, patch for a fix), then run \`pnpm interface:record\`.`,
    };
  }
  if (sameInterface) {
    return {
      agrees: false,
      recordable: false,
      message:
        `info.version in openapi/petstore.yaml changed from ${recorded.version} to ${current.version}, but the ` +
        `interface did not (only prose, examples or the like did). Set it back to ${recorded.version}: it is the ` +
        `interface's version, and the packages' versions are their own.`,
    };
  }
  if (!higher(current.version, recorded.version)) {
    return {
      agrees: false,
      recordable: false,
      message:
        `info.version in openapi/petstore.yaml is ${current.version}; after ${recorded.version} the interface's ` +
        `next version must be a higher MAJOR.MINOR.PATCH.`,
    };
  }
  return {
    agrees: false,
    recordable: true,
    message:
      `The interface in openapi/petstore.yaml changed with its info.version (${recorded.version} -> ` +
      `${current.version}): run \`pnpm interface:record\` to record ${current.version}'s fingerprint in ${INTERFACE_RECORD}.`,
  };
}
