// @ts-check
// openapi/control.yaml, the control API of the mock, made self-contained: it refers to the records and
// the Error of openapi/petstore.yaml (`./petstore.yaml#/components/...`) rather than copying them, and
// everything that reads a document here (operations, generators, the checker) follows local `$ref`s only.
import { at, controlDocumentPath, loadDocument, document as petstore } from "./document.js";
import { readOperations } from "./operations.js";

/** @typedef {import("./document.js").Node} Node */
/** @typedef {import("./document.js").Document} Document */

const PETSTORE_REF = "./petstore.yaml#";

/** Whether a reference points into a component other than a schema (`#/components/parameters/P/schema`). */
const isInsideComponent = (/** @type {string} */ ref) => {
  const segments = ref.slice(PETSTORE_REF.length).split("/");
  return segments.length > 4 && segments[2] !== "schemas";
};

/**
 * The control document with each component of the main document that it refers to (and each one those
 * refer to) copied under the same name, and its references made local: one document, as a bundler makes.
 * @param {Document} control
 * @param {Document} main
 * @returns {Document}
 */
export function bundleControlDocument(control, main = petstore) {
  const bundled = structuredClone(control);
  const copied = new Set();
  /**
   * Copies `#/components/KIND/NAME` of the main document, once, and what it refers to.
   * @param {string} pointer
   */
  const include = (pointer) => {
    const [, , kind, name] = pointer.split("/");
    if (!kind || !name || copied.has(`${kind}/${name}`)) {
      return;
    }
    copied.add(`${kind}/${name}`);
    const components = /** @type {Record<string, Record<string, Node>>} */ (bundled.components);
    if (components[kind]?.[name] !== undefined) {
      throw new Error(`control.yaml refers to ${kind} ${name} of petstore.yaml but has a ${kind} ${name} of its own`);
    }
    const node = /** @type {Record<string, Record<string, Node>>} */ (main.components)[kind]?.[name];
    if (node === undefined) {
      throw new Error(`control.yaml refers to ${pointer} of petstore.yaml, which does not exist`);
    }
    components[kind] = { ...components[kind], [name]: structuredClone(node) };
    visit(components[kind][name], true);
  };
  /**
   * @param {unknown} node
   * @param {boolean} fromMain whether the node was copied from the main document (its local refs are the main one's)
   */
  const visit = (node, fromMain) => {
    if (!node || typeof node !== "object") {
      return;
    }
    const object = /** @type {Node} */ (node);
    if (typeof object.$ref === "string" && object.$ref.startsWith(PETSTORE_REF) && isInsideComponent(object.$ref)) {
      // A part of a parameter or a response (a parameter's schema): copied in place, as openapi-typescript
      // types a parameter by its value, not as an object with a schema.
      const target = at(object.$ref.slice(PETSTORE_REF.length - 1), main);
      delete object.$ref;
      Object.assign(object, structuredClone(target));
      visit(object, true);
      return;
    }
    if (typeof object.$ref === "string") {
      if (object.$ref.startsWith(PETSTORE_REF)) {
        object.$ref = object.$ref.slice(PETSTORE_REF.length - 1);
        include(object.$ref);
      } else if (fromMain) {
        include(object.$ref);
      }
    }
    for (const child of Object.values(object)) {
      visit(child, fromMain);
    }
  };
  visit(bundled, false);
  return bundled;
}

/** openapi/control.yaml, self-contained (see `bundleControlDocument`), parsed once per process. */
export const controlDocument = bundleControlDocument(loadDocument(controlDocumentPath));

/** The operations of the control API. */
export const controlOperations = readOperations(controlDocument);
