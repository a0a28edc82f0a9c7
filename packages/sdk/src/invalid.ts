/** Throws the TypeError of a bad `createPetstoreClient` option, naming it and what it must be. */
export function invalid(option: string, expected: string, value: unknown): never {
  throw new TypeError(
    `createPetstoreClient: ${option} must be ${expected}, got ${JSON.stringify(value) ?? String(value)}`,
  );
}
