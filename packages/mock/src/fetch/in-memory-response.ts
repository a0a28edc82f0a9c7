/**
 * The in-memory fetch's Response. A Fetch API body is a stream, and making one (let alone reading it back) costs
 * more than the whole mock operation, so the Response is made without one: `text()` and `json()` hand over the
 * serialised JSON directly, and the standard Response with its stream is made only when something asks for more
 * (`body`, `clone()`, `arrayBuffer()` and the rest), which it then answers. A body read once is used up, as in fetch.
 */
export class InMemoryResponse extends Response {
  /** The JSON not yet read; undefined once read (or handed to `#standard`). */
  #text: string | undefined;
  readonly #init: ResponseInit;
  /** The standard Response this one stands for, made once something needs its stream. */
  #standard: Response | undefined;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this.#text = text;
    this.#init = init;
  }

  // `body` and `bodyUsed` are accessors of Response.prototype (the DOM types call them properties, so they are
  // defined here rather than as class members); `bytes()` is there on the runtimes that have it.
  static {
    Object.defineProperties(InMemoryResponse.prototype, {
      body: {
        get(this: InMemoryResponse) {
          return this.#standardResponse().body;
        },
        configurable: true,
      },
      bodyUsed: {
        get(this: InMemoryResponse) {
          return this.#standard === undefined ? this.#text === undefined : this.#standard.bodyUsed;
        },
        configurable: true,
      },
    });
    if ("bytes" in Response.prototype) {
      Object.defineProperty(InMemoryResponse.prototype, "bytes", {
        value(this: InMemoryResponse) {
          return (this.#standardResponse() as Response & { bytes(): Promise<Uint8Array> }).bytes();
        },
        configurable: true,
        writable: true,
      });
    }
  }

  /** The standard Response with this one's body: the JSON if unread, else a stream already used up. */
  #standardResponse(): Response {
    if (this.#standard === undefined) {
      this.#standard = new Response(this.#text ?? "", this.#init);
      if (this.#text === undefined) {
        // Read through text() or json() already: cancelling disturbs the stream, so bodyUsed is true and a read fails.
        this.#standard.body?.cancel().catch(() => undefined);
      }
      this.#text = undefined;
    }
    return this.#standard;
  }

  /** The body as text if it is still unread and no stream was asked for, marking it used as a read would. */
  #take(): string | undefined {
    const text = this.#standard === undefined ? this.#text : undefined;
    this.#text = undefined;
    return text;
  }

  override text(): Promise<string> {
    const text = this.#take();
    return text === undefined ? this.#standardResponse().text() : Promise.resolve(text);
  }

  override json(): Promise<unknown> {
    const text = this.#take();
    return text === undefined ? this.#standardResponse().json() : new Promise((resolve) => resolve(JSON.parse(text)));
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#standardResponse().arrayBuffer();
  }

  override blob(): Promise<Blob> {
    return this.#standardResponse().blob();
  }

  override formData(): Promise<FormData> {
    return this.#standardResponse().formData();
  }

  override clone(): Response {
    return this.#standardResponse().clone();
  }
}
