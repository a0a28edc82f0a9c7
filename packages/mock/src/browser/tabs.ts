// The tabs of one persisted mock talk over a BroadcastChannel and learn who is open from the Web Locks
// each of them holds while it lives.

/** A change (to everyone), or the current state in answer to `hello` (`to`: the asking tab). */
export type StateMessage = {
  type: "state";
  from: string;
  to?: string;
  version: number;
  snapshot: string;
  cleared: boolean;
};

type Message =
  | StateMessage
  /** A starting tab asks the running ones for the current state. */
  | { type: "hello"; from: string }
  /** A starting tab's answer to `hello`: it has no state yet. */
  | { type: "starting"; from: string; to: string }
  /** A tab has applied `version`. */
  | { type: "ack"; from: string; to: string; version: number };

/** How long a writer waits for another tab to apply its change before going on without it. */
const ACK_TIMEOUT_MS = 1_000;
/** How long a starting tab waits for the running ones to send it the current state. */
const HELLO_TIMEOUT_MS = 1_000;

export interface TabState {
  /** This tab's state for a starting tab that asks, or undefined while this tab is starting too. */
  current(): { version: number; snapshot: string } | undefined;
  /** Takes a change made in another tab, whose writer holds the lock until this tab acknowledges it. */
  change(message: StateMessage): Promise<void>;
}

/** Joins the tabs that share `key`: answers their messages from `state`, and returns what this tab sends. */
export function joinTabs(key: string, state: TabState) {
  const tabId = crypto.randomUUID();
  const tabLockPrefix = `${key} tab `;
  const channel = new BroadcastChannel(key);
  const acks = new Map<string, number>();
  let onAck: (() => void) | undefined;
  let onAnswer: ((message: Message) => void) | undefined;

  const post = (message: Message) => channel.postMessage(message);

  channel.onmessage = async ({ data }: MessageEvent<Message>) => {
    if (data.from === tabId || ("to" in data && data.to !== undefined && data.to !== tabId)) {
      return;
    }
    if (data.type === "ack") {
      acks.set(data.from, Math.max(acks.get(data.from) ?? 0, data.version));
      onAck?.();
    } else if (data.type === "hello") {
      const current = state.current();
      post(
        current
          ? { type: "state", from: tabId, to: data.from, ...current, cleared: false }
          : { type: "starting", from: tabId, to: data.from },
      );
    } else if (data.type === "starting" || data.to !== undefined) {
      onAnswer?.(data);
    } else {
      // A tab still starting only acknowledges: it asks for the state once it holds the lock.
      await state.change(data);
      post({ type: "ack", from: tabId, to: data.from, version: data.version });
    }
  };

  /** The other tabs of this key that are open now (each holds its own lock while it lives). */
  const otherTabs = async (): Promise<string[]> => {
    const { held = [] } = await navigator.locks.query();
    return held
      .map((lock) => lock.name ?? "")
      .filter((name) => name.startsWith(tabLockPrefix))
      .map((name) => name.slice(tabLockPrefix.length))
      .filter((id) => id !== tabId);
  };

  return {
    /** Takes this tab's own lock, held while the page lives: it tells writers to wait for its acknowledgement. */
    register: () =>
      new Promise<void>((registered) => {
        void navigator.locks.request(`${tabLockPrefix}${tabId}`, () => {
          registered();
          return new Promise<never>(() => undefined);
        });
      }),

    /** Sends a change, then waits until every other open tab has applied it (or the time is up). */
    async send(version: number, snapshot: string, cleared: boolean): Promise<void> {
      post({ type: "state", from: tabId, version, snapshot, cleared });
      const deadline = Date.now() + ACK_TIMEOUT_MS;
      for (;;) {
        const waiting = (await otherTabs()).filter((id) => (acks.get(id) ?? 0) < version);
        const left = deadline - Date.now();
        if (waiting.length === 0 || left <= 0) {
          return;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 50));
          onAck = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        onAck = undefined;
      }
    },

    /** Asks the running tabs for the current state: the first answer, or none when every tab is starting. */
    async askOtherTabs(): Promise<StateMessage | undefined> {
      const others = new Set(await otherTabs());
      if (others.size === 0) {
        return undefined;
      }
      const answer = await new Promise<StateMessage | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), HELLO_TIMEOUT_MS);
        onAnswer = (message) => {
          if (message.type === "state") {
            clearTimeout(timer);
            resolve(message);
          } else if (message.type === "starting") {
            others.delete(message.from);
            if (others.size === 0) {
              clearTimeout(timer);
              resolve(undefined);
            }
          }
        };
        post({ type: "hello", from: tabId });
      });
      onAnswer = undefined;
      return answer;
    },
  };
}
