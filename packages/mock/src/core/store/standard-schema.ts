import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { CompiledValidator } from "../generated/validators.js";

/**
 * Wraps a validator compiled from the document as a Standard Schema, the form @msw/data
 * collections take, so every stored record is checked against the document's record schema.
 */
export function standardSchema<T>(validator: CompiledValidator, vendor = "petstore"): StandardSchemaV1<T, T> {
  return {
    "~standard": {
      version: 1,
      vendor,
      validate(value) {
        if (validator(value)) {
          return { value: value as T };
        }
        return {
          issues: (validator.errors ?? []).map((error) => ({
            message: `${error.instancePath || "record"} ${error.message ?? "is invalid"}`,
            path: error.instancePath.split("/").slice(1),
          })),
        };
      },
    },
  };
}
