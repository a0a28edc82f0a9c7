// What every tab of the panel shares: the connection it steers, the line that reports, and the event a change fires.
import type { Connection } from "./connection.js";

/**
 * Fired on `window` after the panel changes a session's state (an edit, a reset, a named state, a restore), with the
 * session's name as `detail.session`: an app's cue to refetch, e.g. `queryClient.invalidateQueries()`.
 */
export const STATE_CHANGE_EVENT = "petstore:state-change";

export interface PanelContext {
  readonly connection: Connection;
  /** Shows one line in the panel's status line (read out by screen readers). */
  say(text: string, tone?: "bad" | "good"): void;
  /** After the panel changed a session: tells the page. */
  stateChanged(session: string): void;
}

/** An error's message, as the panel reports it. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
