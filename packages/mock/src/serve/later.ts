/**
 * A value that comes in a later event of the wire (the `end` of a request's body), handed to its one reader within
 * that event: no promise and no turn of the microtask queue between a body's last byte and the write of its answer.
 * A `PromiseLike` too, for the readers that await it.
 */
export class Later<T> implements PromiseLike<T> {
  #settled = false;
  #value: T | undefined;
  #reader: ((value: T) => void) | undefined;

  /** Hands `value` to the reader (once: a second value is ignored). */
  settle(value: T): void {
    if (this.#settled) {
      return;
    }
    this.#settled = true;
    this.#value = value;
    const reader = this.#reader;
    this.#reader = undefined;
    reader?.(value);
  }

  /** Calls `reader` with the value when it comes, or at once if it has come. One reader. */
  read(reader: (value: T) => void): void {
    if (this.#settled) {
      reader(this.#value as T);
    } else {
      this.#reader = reader;
    }
  }

  // biome-ignore lint/suspicious/noThenProperty: a Later is awaited like a promise by the readers that can wait.
  then<R1 = T, R2 = never>(
    fulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    rejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): PromiseLike<R1 | R2> {
    return new Promise<T>((resolve) => this.read(resolve)).then(fulfilled, rejected);
  }
}

/** A value now, in a promise, or in a later event of the wire. */
export type Eventually<T> = T | Promise<T> | Later<T | Promise<T>>;

/** `next` of the value when it comes: at once, in the same event for a Later, or through the promise. */
export function whenThere<T, R>(value: Eventually<T>, next: (value: T) => R | Promise<R>): Eventually<R> {
  if (value instanceof Promise) {
    return value.then(next);
  }
  if (value instanceof Later) {
    const later = new Later<R | Promise<R>>();
    value.read((came) => later.settle(came instanceof Promise ? came.then(next) : next(came)));
    return later;
  }
  return next(value);
}
