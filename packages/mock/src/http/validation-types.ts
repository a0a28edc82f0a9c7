/** The shape of one ajv error, as the compiled validators report it. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A validator compiled ahead of time from the document (see scripts/compile-contract.mjs). */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}
