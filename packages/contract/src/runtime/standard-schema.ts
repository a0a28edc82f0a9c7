// A request body's compiled validator as a Standard Schema v1 (https://standardschema.dev), the
// validator form that TanStack Form, react-hook-form's standardSchemaResolver and others take.
// Document-independent: `pnpm generate` copies this file into packages/sdk/src/generated/, where
// the generated body-schemas.ts types each schema as `StandardSchemaV1<Body>`.
import {
  type BodyIssue,
  describeBodyIssues,
  type PatternDescriptions,
  type ValidationError,
} from "./describe-validation-error.js";

/** A validator compiled ahead of time with ajv's `allErrors`: every error, not only the first. */
export interface BodyValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

/** The shape of a Standard Schema v1 over a body of type `T`, structurally. */
export interface BodySchema<T> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: T } | { issues: BodyIssue[] };
  };
}

/**
 * A Standard Schema of a body: `{ value }` when it is valid (the value itself, not a copy), else
 * `{ issues }` with one issue per field, in the words of the mock's 400 answers. Synchronous.
 */
export function bodySchema<T>(
  validator: BodyValidator,
  fields: readonly string[],
  patternDescriptions: PatternDescriptions,
): BodySchema<T> {
  return {
    "~standard": {
      version: 1,
      vendor: "petstore",
      validate: (value) =>
        validator(value)
          ? { value: value as T }
          : { issues: describeBodyIssues(validator.errors ?? [], value, fields, patternDescriptions) },
    },
  };
}
