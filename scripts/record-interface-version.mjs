#!/usr/bin/env node
// `pnpm interface:record`: records the fingerprint of the document's interface under its info.version
// in openapi/interface-version.json, after a change to the interface that came with a new info.version;
// refuses, saying why, when the two did not change together. Why there is such a record:
// packages/contract/src/interface-version.js. scripts/test/interface-version.test.ts fails until the
// record and the document agree.
import {
  checkInterfaceVersion,
  currentInterface,
  INTERFACE_RECORD,
  readInterfaceRecord,
  writeInterfaceRecord,
} from "@petstore/contract";

const current = currentInterface();
const verdict = checkInterfaceVersion(readInterfaceRecord(), current);
if (verdict.agrees) {
  console.log(`${INTERFACE_RECORD}: ${current.version} is already recorded`);
} else if (verdict.recordable) {
  writeInterfaceRecord(current);
  console.log(`${INTERFACE_RECORD}: recorded ${current.version} (${current.fingerprint})`);
} else {
  console.error(`interface:record: ${verdict.message}`);
  process.exit(1);
}
