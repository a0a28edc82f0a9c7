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

/**
 * This tab's membership of the tabs that share `key`: it answers their messages from `state`, and
 * sends this tab's changes and questions. Each tab holds a lock named after it while it lives, so
 * the others can tell who is open and whose acknowledgement to wait for.
 */
export class TabGroup {
  readonly #id = crypto.randomUUID();
  readonly #lockPrefix: string;
  readonly #channel: BroadcastChannel;
  readonly #state: TabState;
  /** The latest version each other tab has acknowledged. */
  readonly #acks = new Map<string, number>();
  /** Wakes the writer waiting for acknowledgements. */
  #onAck: (() => void) | undefined;
  /** Takes the answers to this tab's `hello`. */
  #onAnswer: ((message: Message) => void) | undefined;

  constructor(key: string, state: TabState) {
    this.#lockPrefix = `${key} tab `;
    this.#state = state;
    this.#channel = new BroadcastChannel(key);
    this.#channel.onmessage = ({ data }: MessageEvent<Message>) => this.#receive(data);
  }

  /** Takes this tab's own lock, held while the page lives: it tells writers to wait for its acknowledgement. */
  register(): Promise<void> {
    return new Promise<void>((registered) => {
      void navigator.locks.request(`${this.#lockPrefix}${this.#id}`, () => {
        registered();
        return new Promise<never>(() => undefined);
      });
    });
  }

  /** Sends a change, then waits until every other open tab has applied it (or the time is up). */
  async send(version: number, snapshot: string, cleared: boolean): Promise<void> {
    this.#post({ type: "state", from: this.#id, version, snapshot, cleared });
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    for (;;) {
      const waiting = (await this.#otherTabs()).filter((id) => (this.#acks.get(id) ?? 0) < version);
      const left = deadline - Date.now();
      if (waiting.length === 0 || left <= 0) {
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.#onAck = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#onAck = undefined;
    }
  }

  /** Asks the running tabs for the current state: the first answer, or none when every tab is starting. */
  async askOtherTabs(): Promise<StateMessage | undefined> {
    const others = new Set(await this.#otherTabs());
    if (others.size === 0) {
      return undefined;
    }
    const answer = await new Promise<StateMessage | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), HELLO_TIMEOUT_MS);
      this.#onAnswer = (message) => {
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
      this.#post({ type: "hello", from: this.#id });
    });
    this.#onAnswer = undefined;
    return answer;
  }

  async #receive(data: Message): Promise<void> {
    if (data.from === this.#id || ("to" in data && data.to !== undefined && data.to !== this.#id)) {
      return;
    }
    if (data.type === "ack") {
      this.#acks.set(data.from, Math.max(this.#acks.get(data.from) ?? 0, data.version));
      this.#onAck?.();
    } else if (data.type === "hello") {
      const current = this.#state.current();
      this.#post(
        current
          ? { type: "state", from: this.#id, to: data.from, ...current, cleared: false }
          : { type: "starting", from: this.#id, to: data.from },
      );
    } else if (data.type === "starting" || data.to !== undefined) {
      this.#onAnswer?.(data);
    } else {
      // A tab still starting only acknowledges: it asks for the state once it holds the lock.
      await this.#state.change(data);
      this.#post({ type: "ack", from: this.#id, to: data.from, version: data.version });
    }
  }

  #post(message: Message): void {
    this.#channel.postMessage(message);
  }

  /** The other tabs of this key that are open now (each holds its own lock while it lives). */
  async #otherTabs(): Promise<string[]> {
    const { held = [] } = await navigator.locks.query();
    return held
      .map((lock) => lock.name ?? "")
      .filter((name) => name.startsWith(this.#lockPrefix))
      .map((name) => name.slice(this.#lockPrefix.length))
      .filter((id) => id !== this.#id);
  }
}
