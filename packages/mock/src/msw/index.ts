// msw/: the mock as msw request handlers, and what stories and tests layer over them.
export { createPetstoreHandlers } from "./create-handlers.js";
export type { PetstoreHandlers, PetstoreHandlersOptions } from "./handlers.js";
export { type PetstoreStateOptions, petstoreState, type StoryMswContext } from "./story-state.js";
export {
  createPetstoreOverrides,
  type OverrideContext,
  type OverrideResolver,
  type PetstoreOverrides,
  type ReplyInit,
  type TypedReply,
} from "./typed-overrides.js";
