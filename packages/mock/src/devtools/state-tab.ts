// The State tab: each collection of a session as a table, edited within the snapshot rules; reset, named states,
// snapshot files; any session. Every change goes through the control API, which refuses what breaks a rule; an add
// refused keeps what was typed.

import type { Snapshot } from "../core/control/snapshot.js";
import type { PetstoreControlSession } from "../fetch/control-client.js";
import { type CollectionName, collectionNames } from "./catalogue.js";
import { messageOf, type PanelContext } from "./context.js";
import { fill, h } from "./dom.js";
import { downloadJson, readJsonFile } from "./snapshot-files.js";
import { collectionTabs } from "./state-cells.js";
import { type RecordEditsOf, recordEdits } from "./state-edits.js";
import { type CollectionEdits, drawCollection } from "./state-table.js";
import { stateToolbar } from "./state-toolbar.js";

/** The tab's element, and `refresh`, which reads the session again and redraws. */
export function stateTab(context: () => PanelContext): { element: HTMLElement; refresh(): Promise<void> } {
  let session = "default";
  let collection: CollectionName = "pets";
  let page = 0;
  let snapshot: Snapshot | undefined;

  const { change, restore } = sessionChanges(context, () => session, refresh);
  const toolbar = stateToolbar({
    selectSession(name) {
      session = name;
      page = 0;
      fill(question);
      void refresh();
    },
    reload: () => void refresh(),
    reset: () => void change("reset", (control) => control.reset()),
    loadNamedState: (namedState, seed) =>
      void change(`the named state ${namedState}`, (control) => control.reset({ namedState, seed })),
    download: () => snapshot && downloadJson(`petstore-${session}.json`, snapshot),
    upload: async (file) => {
      const data = await snapshotInFile(context(), file);
      if (data !== undefined) {
        await restore(`restored from ${file.name}`, data);
      }
    },
  });
  const collectionBar = h("div", { role: "tablist", "aria-label": "Collections", class: "row" });
  const question = h("div");
  const tab: RecordEditsOf = {
    latest: () => snapshot!,
    drafts: {},
    question,
    changeRecords: (what, changes, done) => void change(what, (control) => control.change(changes), done),
  };
  const table = h("div");
  const element = h("div", {}, toolbar.element, collectionBar, question, table);

  async function refresh() {
    const { control: server } = context().connection;
    try {
      const sessions = await server.sessions();
      if (!sessions.some(({ name }) => name === session)) {
        session = "default";
      }
      toolbar.showSessions(sessions, session);
      snapshot = await server.session(session).state();
    } catch (error) {
      context().say(`Could not read the state: ${messageOf(error)}`, "bad");
      return;
    }
    draw();
  }

  function draw() {
    if (!snapshot) {
      return;
    }
    const current = snapshot;
    const select = (name: CollectionName) => {
      collection = name;
      page = 0;
      fill(question);
      draw();
    };
    fill(collectionBar, ...collectionTabs(collectionNames, (name) => current[name].length, collection, select));
    page = drawCollection(table, current, collection, page, editsOf(current), tab.drafts[collection]);
  }

  const editsOf = (current: Snapshot): CollectionEdits => ({
    ...recordEdits(tab, current, collection),
    turn(by) {
      page += by;
      draw();
    },
    cancel: draw,
  });

  return { element, refresh };
}

/**
 * The changes of the session the tab shows (`session()`), through the control API. Each reads the state again after;
 * a change done is reported and told to the page, one refused is reported and changes nothing.
 */
function sessionChanges(context: () => PanelContext, session: () => string, refresh: () => Promise<void>) {
  async function change(what: string, run: (control: PetstoreControlSession) => Promise<unknown>, done?: () => void) {
    if (await attempt(context(), () => run(context().connection.control.session(session())))) {
      done?.();
      context().say(`Done: ${what} (session ${session()}).`, "good");
      context().stateChanged(session());
    }
    await refresh();
  }
  const restore = (what: string, next: Snapshot) => change(what, (control) => control.restore(next));
  return { change, restore };
}

/** Says in the status line that a change was refused, and why: nothing changed. */
const refused = (context: PanelContext, error: unknown) =>
  context.say(`Refused: ${messageOf(error)}. Nothing changed.`, "bad");

/** Runs a change of the state: true when done, else false, and the panel says why (nothing changed). */
async function attempt(context: PanelContext, run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    refused(context, error);
    return false;
  }
}

/** The JSON in a chosen snapshot file, or undefined (the panel says why) when it holds none. */
async function snapshotInFile(context: PanelContext, file: File): Promise<Snapshot | undefined> {
  try {
    // Checked by the control API when restored, like any snapshot.
    return (await readJsonFile(file)) as Snapshot;
  } catch (error) {
    refused(context, error);
    return undefined;
  }
}
