import type { CompiledValidator } from "../generated/validators.js";

/**
 * Checks what a record becomes with `changes` against its schema, before anything is written (a
 * field set to undefined is removed). Throws naming the record (`pet 7`) and the first mismatch.
 */
export function assertValidChange<T extends object>(
  validator: CompiledValidator,
  record: T,
  changes: Partial<T>,
  what: string,
): void {
  const next = { ...record, ...changes };
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) {
      delete (next as Record<string, unknown>)[field];
    }
  }
  if (!validator(next)) {
    const [error] = validator.errors ?? [];
    throw new Error(`${what} would not match its schema: ${error?.instancePath} ${error?.message}`);
  }
}
