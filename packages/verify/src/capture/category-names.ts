// The rule on captured categories: their names are unique.

import { brokenRules } from "./broken-rules.js";
import type { CapturedCategory } from "./records.js";
import type { CaptureChange } from "./rules.js";

const NAME_MAX_LENGTH = 100;

/**
 * Category names are unique, compared case-insensitively after trimming (the document's words); a later
 * duplicate (by id) is renamed "NAME (ID)", within the name's length.
 */
export function uniqueCategoryNames(categories: CapturedCategory[], changes: CaptureChange[]): CapturedCategory[] {
  const asChecked = (records: CapturedCategory[]) => ({
    records: records.map((category) => ({ ...category, name: category.name.trim() })),
  });
  if (brokenRules({ categories: asChecked(categories) }) === undefined) {
    return categories;
  }
  const taken = new Set<string>();
  const normal = (name: string) => name.trim().toLowerCase();
  return [...categories]
    .sort((a, b) => a.id - b.id)
    .map((category) => {
      if (!taken.has(normal(category.name))) {
        taken.add(normal(category.name));
        return category;
      }
      const suffix = ` (${category.id})`;
      const name = `${category.name.trim().slice(0, NAME_MAX_LENGTH - suffix.length)}${suffix}`;
      changes.push({
        rule: "category-name-taken",
        collection: "categories",
        key: category.id,
        why: `${brokenRules({ categories: asChecked(categories.filter((other) => normal(other.name) === normal(category.name))) })}; renamed ${JSON.stringify(name)}`,
      });
      taken.add(normal(name));
      return { ...category, name };
    });
}
