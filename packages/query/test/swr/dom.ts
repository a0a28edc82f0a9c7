// A jsdom document for React and SWR, set up before either is imported (SWR decides at load whether it runs in a
// browser). Only `window` and `document` are taken from jsdom: vitest's jsdom environment would also replace
// Node's `URL`, which the contract's self-check (test/setup.ts) resolves the document with.
import { JSDOM } from "jsdom";

const { window } = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://localhost/" });
Object.assign(globalThis, { window, document: window.document, IS_REACT_ACT_ENVIRONMENT: false });
// Node 20 has no `navigator` (21 added one); react-dom reads its userAgent at load.
if (!("navigator" in globalThis)) {
  Object.assign(globalThis, { navigator: window.navigator });
}
