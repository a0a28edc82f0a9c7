import { OperationError } from "@msw/data";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { CompiledValidator } from "../generated/validators.js";

/**
 * Checks what a record becomes with `changes` against its schema, before anything is written (a
 * field set to undefined is removed). Throws naming the record (`pet 7`) and the first mismatch.
 * Returns whether the change adds a field the record lacks.
 */
export function assertValidChange<T extends object>(
  validator: CompiledValidator,
  record: T,
  changes: Partial<T>,
  what: string,
): boolean {
  const next = { ...record, ...changes };
  let adds = false;
  for (const field in changes) {
    if (changes[field] === undefined) {
      delete next[field];
    } else {
      adds ||= !(field in record);
    }
  }
  if (!validator(next)) {
    const [error] = validator.errors ?? [];
    throw new Error(`${what} would not match its schema: ${error?.instancePath} ${error?.message}`);
  }
  return adds;
}

/**
 * A new record, checked against its schema as @msw/data's `create` checks one, and refused as it refuses one (the
 * issues printed, then its OperationError). `record` is a fresh object the table made; its values are not copied:
 * the record schemas hold only strings, numbers and booleans (and no other property), so a record that passes
 * shares nothing with the values it was made from.
 */
export function checkedNewRecord<T extends object>(schema: StandardSchemaV1<T, T>, record: T): T {
  const checked = schema["~standard"].validate(record) as StandardSchemaV1.Result<T>;
  if (checked.issues) {
    // biome-ignore lint/suspicious/noConsole: @msw/data's create prints the issues before it throws; so does this.
    console.error(checked.issues);
    throw new OperationError(
      "Failed to create a new record with initial values: does not match the schema. Please see the schema validation errors above.",
      "INVALID_INITIAL_VALUES" as ConstructorParameters<typeof OperationError>[1],
    );
  }
  return record;
}
