import { http, type RequestHandler } from "msw";
import { createPetstoreApp, type PetstoreApp } from "../core/app.js";
import { operations } from "../core/generated/contract.js";
import { parsePrefer } from "../core/http/prefer.js";
import { type NamedStateOption, readNamedStateOption } from "../core/mock-options.js";
import { fillWithNamedState } from "../core/start-from.js";
import { type SeedOptions, seed } from "../core/store/seed.js";
import { createPetstoreStore, type PetstoreStore } from "../core/store/store.js";
import { resolveBaseUrl } from "../fetch/request.js";
import { handlersFor, type PetstoreHandlersOptions } from "./handlers.js";
import { createPetstoreOverrides, type PetstoreOverrides } from "./typed-overrides.js";

export interface PetstoreStateOptions extends Omit<PetstoreHandlersOptions, "store"> {
  /** The data the story starts from: the demo data by default, `seed()`'s options, or `false` for an empty store. */
  seed?: SeedOptions | false;
  /**
   * A named state to start from instead (`"sold-out"`, `{ name: "many", seed: 7 }`; see `NAMED_STATES`), then
   * `arrange`d. Not with `seed` (a TypeError).
   */
  namedState?: NamedStateOption;
  /** Edits after the seed, through the store's typed tables: the state the story shows. */
  arrange?: (store: PetstoreStore) => void | Promise<void>;
  /** Typed one-off handlers that answer before the mock (a `createPetstoreOverrides` on the same base URL). */
  overrides?: (petstore: PetstoreOverrides) => RequestHandler[];
  /**
   * A `Prefer` header every request carries unless it sends its own: `code=503` (the service is down, with its
   * `Retry-After`), `delay=2000` (loading states). The same values, and limits, as the header itself.
   */
  prefer?: string;
}

/**
 * What a story's `beforeEach` receives from msw-storybook-addon: the worker, to add handlers to (typed in Storybook's
 * story context once `msw-storybook-addon/types` is in the tsconfig's `types`).
 */
export interface StoryMswContext {
  msw: { use(...handlers: RequestHandler[]): void };
}

/** Refuses a `prefer` that no operation would accept, with the mock's own message. */
function checkPrefer(prefer: string): void {
  const refusals = operations.flatMap((operation) => {
    try {
      parsePrefer(prefer, operation);
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  });
  if (refusals.length === operations.length) {
    throw new TypeError(`petstoreState(): prefer ${JSON.stringify(prefer)} is refused: ${refusals[0]}`);
  }
}

/** The app with `prefer` standing in for a missing `Prefer` header. */
function preferring(app: PetstoreApp, prefer: string): PetstoreApp {
  return {
    ...app,
    handle: (request) =>
      app.handle({
        ...request,
        header: (name) => request.header(name) ?? (name.toLowerCase() === "prefer" ? prefer : null),
      }),
  };
}

/**
 * A Storybook story's `beforeEach` (with msw-storybook-addon) that puts the API in one state: a new store
 * every time the story renders, seeded, then arranged, answered by the whole mock under `baseUrl`, with
 * `overrides` first. No story sees another's writes, nor its own from an earlier visit.
 * @example
 * export const SoldOut: Story = { beforeEach: petstoreState({ baseUrl: "/api", namedState: "sold-out" }) };
 * export const RexSold: Story = {
 *   beforeEach: petstoreState({ baseUrl: "/api", arrange: (store) => store.pets.update(1, { status: "sold" }) }),
 * };
 */
export function petstoreState(options: PetstoreStateOptions = {}): (context: StoryMswContext) => Promise<void> {
  const { seed: seedOptions, namedState, arrange, overrides, prefer, ...handlerOptions } = options;
  if (prefer !== undefined) {
    checkPrefer(prefer);
  }
  if (namedState !== undefined) {
    if (seedOptions !== undefined) {
      throw new TypeError("petstoreState(): give either namedState or seed, the data the story starts from");
    }
    readNamedStateOption(namedState);
  }
  const baseUrl = resolveBaseUrl("petstoreState", handlerOptions);
  return async ({ msw }) => {
    if (!msw) {
      throw new TypeError(
        'petstoreState(): the story context has no `msw`: add "msw-storybook-addon" to the addons of .storybook/main.ts',
      );
    }
    const store = createPetstoreStore();
    if (namedState !== undefined) {
      await fillWithNamedState(store, namedState);
    } else if (seedOptions !== false) {
      await seed(store, seedOptions);
    }
    await arrange?.(store);
    const app = createPetstoreApp({ ...handlerOptions, store });
    const mock = handlersFor(prefer === undefined ? app : preferring(app, prefer), baseUrl, http);
    const oneOffs = overrides?.(createPetstoreOverrides({ baseUrl, origin: handlerOptions.origin })) ?? [];
    msw.use(...oneOffs, ...mock);
  };
}
