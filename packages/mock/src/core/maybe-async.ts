// The hot path of a request runs without a promise where nothing on it waits: a value, or the promise of one.

/** What a value or the promise of one becomes through `next`: at once when it is there (the hot path's reads). */
export const andThen = <T, U>(value: T | Promise<T>, next: (value: T) => U | Promise<U>): U | Promise<U> =>
  value instanceof Promise ? value.then(next) : next(value);
