// `--redact FIELDS`: chosen fields replaced by placeholders made from the record's id (`Pet 17`,
// `Category 3`, `Description of category 3`), so a snapshot of real data can be shared. Placeholders
// are deterministic, unique where names must be, and within the document's limits.

import type { CapturedState } from "./records.js";

/** The fields `--redact` replaces; `name` is short for both names, `description` for `category.description`. */
export const REDACTABLE_FIELDS = ["pet.name", "category.name", "category.description"] as const;
export type RedactableField = (typeof REDACTABLE_FIELDS)[number];

const SHORTHANDS: Record<string, readonly RedactableField[]> = {
  name: ["pet.name", "category.name"],
  description: ["category.description"],
};

/** The fields a list names (`name,category.description`), or the first unknown name. */
export function redactableFields(names: readonly string[]): { fields: RedactableField[] } | { unknown: string } {
  const fields = new Set<RedactableField>();
  for (const raw of names) {
    const name = raw.trim();
    const meant =
      SHORTHANDS[name] ?? (REDACTABLE_FIELDS.includes(name as RedactableField) ? [name as RedactableField] : undefined);
    if (!meant) {
      return { unknown: raw };
    }
    for (const field of meant) {
      fields.add(field);
    }
  }
  return { fields: REDACTABLE_FIELDS.filter((field) => fields.has(field)) };
}

export function redact(state: CapturedState, fields: readonly RedactableField[]): CapturedState {
  const has = (field: RedactableField) => fields.includes(field);
  return {
    ...state,
    pets: has("pet.name") ? state.pets.map((pet) => ({ ...pet, name: `Pet ${pet.id}` })) : state.pets,
    categories: state.categories.map((category) => ({
      ...category,
      ...(has("category.name") ? { name: `Category ${category.id}` } : {}),
      ...(has("category.description") && category.description !== undefined
        ? { description: `Description of category ${category.id}` }
        : {}),
    })),
  };
}
