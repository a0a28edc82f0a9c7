// The mark a server puts on a request whose answer it only serialises (kept-answers.ts): here apart, so the app's
// core reads it without carrying the kept answers into a bundle that has no server (the browser's).

import type { MockRequest } from "./http/types.js";
import type { KeptAnswers } from "./kept-answers.js";

/**
 * Set by a server (the pipeline) on a request whose answer it only serialises, never hands on as objects: such a
 * request may be answered with the body objects of an earlier answer. `app.handle`'s own callers get fresh copies.
 */
export const SERIALISED_ONLY: unique symbol = Symbol("petstore-mock: the answer's body is only serialised");

/** A request a server marked as serialised only: its query string as sent, and the answers its app keeps. */
export type ServerRequest = MockRequest & {
  readonly [SERIALISED_ONLY]?: { readonly rawQuery: string; readonly kept: KeptAnswers };
};
