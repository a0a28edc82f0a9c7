// The one start-up of every standalone server (the Node CLI, startPetstoreServer, serveWithDeno, serveWithBun):
// options → the start data (a state file, a named state, demo data or none), the sessions, the app and its keys,
// the demo-key policy, and the facts the ready line states.
import { APP_LIMIT_NAMES, createPetstoreApp, type PetstoreApp } from "../core/app.js";
import { checkStartOptions } from "../core/mock-options.js";
import { createPetstoreSessions } from "../core/sessions/registry.js";
import type { SessionLimitNames } from "../core/sessions/session-limits.js";
import type { PetstoreSessions } from "../core/sessions/types.js";
import type { SeedOptions } from "../core/store/seed.js";
import { createPetstoreStore, type PetstoreStore } from "../core/store/store.js";
import { type DemoKeyPolicy, demoKeyPolicy } from "../serve/demo-key.js";
import type { DurableState, KeepStateOptions } from "../state/durable-state.js";
import { DEFAULT_HOST, type PetstoreStandaloneOptions } from "./options.js";
import { fillFromRecipe, type StartData, startDataFiller, startRecipeOf } from "./start-data.js";

/** What a standalone server is prepared from: its options, and the CLI's choice of demo data. */
export interface StartUpOptions extends PetstoreStandaloneOptions {
  /** The demo data of a new store: how many pets (`--seed`), or null for none (`--empty`); default 20 pets. */
  demoData?: SeedOptions | null;
}

/** How a server's messages name what its user set: its flags (`petstore-mock`) or its options (`startPetstoreServer()`). */
export interface StartUpVoice {
  /** Who speaks, as the messages start: `petstore-mock`, or `serveWithDeno()`. */
  readonly caller: string;
  /** What the sessions' 507s call their limits. */
  readonly limitNames: SessionLimitNames;
  /** How a message names the state file; undefined: `--state PATH`. */
  stateLabel?(path: string): string;
  /** What the 401 to the refused demo key says to do. */
  readonly howToSetKeys: string;
}

/** A library function's voice: its options, by name. */
export function optionsVoice(name: string): StartUpVoice {
  return {
    caller: `${name}()`,
    limitNames: APP_LIMIT_NAMES,
    stateLabel: (path) => `the state file ${path}`,
    howToSetKeys: `pass your team's keys in the apiKeys option of ${name}() (allowDemoKey: true accepts the demo key on purpose, for a public sandbox)`,
  };
}

/** A standalone mock, ready to serve. */
export interface StartUp {
  readonly app: PetstoreApp;
  /** With `state`: the file kept, and its writer. */
  readonly state?: DurableState;
  /** What the start data is: what the ready line says. */
  readonly startData: StartData;
  /** Where the demo key is refused; undefined where it opens the mock. */
  readonly demoKey: DemoKeyPolicy | undefined;
}

/**
 * Prepares the mock every standalone server serves: with `state`, every session of the file (a new file starts
 * from the start data); else the start data (`namedState`, `initialState`, `demoData`, or the demo data), over
 * the given `store` or `sessions` or new ones. A state file that cannot be used throws a `StateFileError`.
 */
export async function prepareStartUp(options: StartUpOptions, voice: StartUpVoice): Promise<StartUp> {
  checkStartOptions(options);
  const store = options.sessions?.defaultStore ?? options.store ?? createPetstoreStore();
  const fill = startDataFiller(options, store);
  const start = startRecipeOf(options);
  const newSessions = (recipe = start) =>
    options.sessions ??
    createPetstoreSessions({
      store,
      limits: options.sessionLimits,
      limitNames: voice.limitNames,
      ...(recipe ? { start: recipe } : {}),
    });
  let startData: StartData = { from: "state file" };
  let state: DurableState | undefined;
  let sessions: PetstoreSessions;
  if (options.state === undefined) {
    startData = await fill();
    sessions = newSessions();
  } else {
    state = await keepState(options, options.state, voice, store, {
      fillNewStore: async () => {
        startData = await fill();
      },
      ...(start ? { start } : {}),
      fillFromRecipe: async (recipe) => {
        startData = await fillFromRecipe(store, recipe, options.demoData);
      },
      sessions: (_store, recipe) => newSessions(recipe),
    });
    sessions = state.sessions;
    if (state.loaded) {
      startData = { from: "state file" };
    }
  }
  // The start data is in: the app seeds nothing (an `initialState` aside, which it puts in place as always).
  const { namedState: _named, store: _store, ...appOptions } = options;
  const app = createPetstoreApp({ ...appOptions, sessions });
  await app.ready;
  return {
    app,
    ...(state ? { state } : {}),
    startData,
    demoKey: demoKeyPolicy({ ...options, host: options.host ?? DEFAULT_HOST }, voice.howToSetKeys),
  };
}

/** Every session of the state file at `path`, loaded into `store` and the sessions; its folder checked writable. */
async function keepState(
  options: StartUpOptions,
  path: string,
  voice: StartUpVoice,
  store: PetstoreStore,
  start: Pick<KeepStateOptions, "fillNewStore" | "start" | "fillFromRecipe" | "sessions">,
): Promise<DurableState> {
  // Imported only with a state file: the file's checks are about 120 kB that a mock in memory does not load.
  const { keepStateInFile } = await import("../state/durable-state.js");
  const label = voice.stateLabel?.(path);
  return keepStateInFile(store, path, {
    ...start,
    limitNames: voice.limitNames,
    onWriteError:
      options.onStateWriteError ??
      ((error) =>
        // biome-ignore lint/suspicious/noConsole: a server's stderr is where its operator looks; onStateWriteError replaces it.
        console.error(`${voice.caller}: cannot write ${label ?? `--state ${path}`}: ${error.message}`)),
    ...(label === undefined ? {} : { label }),
  });
}

/** Writes the state file one last time and stops following changes. */
export async function finishState(state: DurableState | undefined): Promise<void> {
  if (state) {
    state.writer.stop();
    await state.writer.flush();
  }
}
