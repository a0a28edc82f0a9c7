#!/usr/bin/env node
// `pnpm interface:record`: records the fingerprint of the document's interface under its info.version
// in openapi/interface-version.json, after a change to the interface that came with a new info.version.
// scripts/test/interface-version.test.ts fails until the record and the document agree.
//
// Why a recorded fingerprint: info.version is the interface's version (1.0.0 as the specification
// states), and must change when, and only when, the interface does. Neither half can be read from
// the document alone, so the record holds the last (version, fingerprint) pair that was agreed on.
// The fingerprint (`interfaceFingerprint` in @petstore/contract, which says what counts) covers
// paths, operations, parameters, schemas, statuses and headers, not prose, examples or code samples,
// so rewording a description needs no new version, and a new field or status cannot slip in under
// the old one. The record is written by hand-run command, never by `pnpm generate`: a generator would
// follow any change silently, which is what the record is there to catch. Each interface change that
// lands gets its own version, even between two releases of the packages (a version no package ever
// shipped with is harmless; one number naming two interfaces is not).
// `node scripts/record-interface-version.mjs` writes the record or says why it will not.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { document, interfaceFingerprint } from "@petstore/contract";

export const RECORD_PATH = "openapi/interface-version.json";
const recordFile = fileURLToPath(new URL(`../${RECORD_PATH}`, import.meta.url));

/** @typedef {{ version: string, fingerprint: string }} InterfaceVersion */

/** @returns {InterfaceVersion} the recorded version and fingerprint */
export function readRecord(file = recordFile) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** @returns {InterfaceVersion} openapi/petstore.yaml's info.version and interface fingerprint */
export function currentInterface(doc = document) {
  return { version: String(doc.info.version), fingerprint: interfaceFingerprint(doc) };
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;
/** Whether `a` is a higher MAJOR.MINOR.PATCH than `b`. */
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
      `${current.version}): run \`pnpm interface:record\` to record ${current.version}'s fingerprint in ${RECORD_PATH}.`,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const current = currentInterface();
  const verdict = checkInterfaceVersion(readRecord(), current);
  if (verdict.agrees) {
    console.log(`${RECORD_PATH}: ${current.version} is already recorded`);
  } else if (verdict.recordable) {
    writeFileSync(recordFile, `${JSON.stringify(current, null, 2)}\n`);
    console.log(`${RECORD_PATH}: recorded ${current.version} (${current.fingerprint})`);
  } else {
    console.error(`interface:record: ${verdict.message}`);
    process.exit(1);
  }
}
