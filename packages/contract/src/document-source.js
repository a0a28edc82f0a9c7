// @ts-check
// Where the document comes from: openapi/petstore.yaml, read and parsed at import. Its own module so a
// bundle that cannot read the repository's files (the @petstore/verify build) replaces this one module
// with the document parsed at build time.
import { fileURLToPath } from "node:url";
import { loadDocument } from "./load-document.js";

export const documentPath = fileURLToPath(new URL("../../../openapi/petstore.yaml", import.meta.url));

/** openapi/control.yaml: the mock's control API, which refers to the document's schemas (see control.js). */
export const controlDocumentPath = fileURLToPath(new URL("../../../openapi/control.yaml", import.meta.url));

/** The document, parsed once per process. */
export const document = loadDocument(documentPath);
