// The outcomes of each session (the control API's `…/outcomes` and `…/latency`): a set of scenarios per session
// name, made by the control API only, so a request never allocates one. Each session's are its own.
import { createScenarios, type PetstoreScenarios } from "./scenarios.js";

export interface SessionOutcomes {
  /** The session's outcomes, made on first use; `isLive` says which other sessions' can go. */
  of(name: string, isLive: (name: string) => boolean): PetstoreScenarios;
  /** The session's outcomes if any were ever chosen; makes nothing. */
  peek(name: string): PetstoreScenarios | undefined;
  /** Forgets the session's outcomes (the session was deleted). */
  drop(name: string): void;
}

export function createSessionOutcomes(): SessionOutcomes {
  const byName = new Map<string, PetstoreScenarios>();
  return {
    of(name, isLive) {
      let scenarios = byName.get(name);
      if (!scenarios) {
        // Bounded by the live sessions: those of sessions gone since (deleted, expired) go first.
        for (const other of byName.keys()) {
          if (!isLive(other)) {
            byName.delete(other);
          }
        }
        scenarios = createScenarios();
        byName.set(name, scenarios);
      }
      return scenarios;
    },
    peek: (name) => byName.get(name),
    drop: (name) => void byName.delete(name),
  };
}
