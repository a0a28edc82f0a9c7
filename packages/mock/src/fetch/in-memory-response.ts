/**
 * The in-memory fetch's Response. A Fetch API body is a stream, and reading one back costs more
 * than the whole mock operation, so `text()` and `json()` hand over the serialised JSON directly
 * when the body is untouched. Everything else is the standard Response: the stream is there for
 * `body`, `clone()`, `arrayBuffer()` and the rest, and a body read once is used up, as in fetch.
 */
export class InMemoryResponse extends Response {
  #text: string | undefined;

  constructor(text: string, init: ResponseInit) {
    super(text, init);
    this.#text = text;
  }

  /** The body as text if no one has read or locked its stream, marking it used as a read would. */
  #take(): string | undefined {
    const text = this.#text;
    if (text === undefined || this.bodyUsed || this.body?.locked) {
      return undefined;
    }
    this.#text = undefined;
    // Cancelling disturbs the stream: `bodyUsed` turns true and a second read fails, as in fetch.
    this.body?.cancel().catch(() => undefined);
    return text;
  }

  override text(): Promise<string> {
    const text = this.#take();
    return text === undefined ? super.text() : Promise.resolve(text);
  }

  override json(): Promise<unknown> {
    const text = this.#take();
    return text === undefined ? super.json() : new Promise((resolve) => resolve(JSON.parse(text)));
  }
}
