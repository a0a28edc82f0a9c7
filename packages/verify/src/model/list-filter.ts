// One filter of a list, as a read asks for it: its query and the records the model says it keeps.

import type { DocFilter } from "@petstore/contract";
import { filtersOf, type List, listed, modelRecords } from "./lists.js";
import type { Model } from "./model.js";

/** How a filter is read: the query it adds and the records it keeps. `filter` -1: none. */
export interface Filtering {
  query: string;
  keeps: (record: unknown) => boolean;
}

const NO_FILTER: Filtering = { query: "", keeps: () => true };

/** One filter with one value: the records whose field equals it (or contains it, case-insensitively). */
function withValue(list: List, { parameter, match }: DocFilter, value: string): Filtering {
  return {
    query: `&${parameter}=${encodeURIComponent(value)}`,
    keeps: (record) => {
      const text = String(listed(list, record)[parameter]);
      return match === "contains-case-insensitive" ? text.toLowerCase().includes(value.toLowerCase()) : text === value;
    },
  };
}

/** Every filter of `list` at once, each with the value `values` holds for its field (a field without one: left out). */
export function everyFilter(list: List, values: Record<string, unknown>): Filtering {
  const used = filtersOf(list).filter(({ parameter }) => values[parameter] !== undefined && values[parameter] !== null);
  const each = used.map((filter) => withValue(list, filter, String(values[filter.parameter])));
  return {
    query: each.map((one) => one.query).join(""),
    keeps: (record) => each.every((one) => one.keeps(record)),
  };
}

/**
 * The `filter`th filter the document declares for `list`, with values taken from the model's records
 * (`valueIndex` picks them), so the filter keeps some records and leaves others; or `alone`, one value
 * the document lists (filterValues), whatever records hold it.
 */
export function filtering(model: Model, list: List, filter: number, valueIndex: number, alone?: string): Filtering {
  const filters = filtersOf(list);
  const chosen = filter < 0 || filters.length === 0 ? undefined : filters[filter % filters.length]!;
  if (!chosen) {
    return NO_FILTER;
  }
  const field = chosen.parameter;
  if (alone !== undefined) {
    return withValue(list, chosen, alone);
  }
  const values = [...new Set(modelRecords(model, list).map((record) => listed(list, record)[field]))]
    .filter((value) => value !== undefined)
    .map(String)
    .sort();
  if (values.length === 0) {
    return NO_FILTER;
  }
  const first = values[valueIndex % values.length]!;
  if (chosen.match === "contains-case-insensitive") {
    // A part of a name, in the other case: the filter must match it case-insensitively. Only ASCII:
    // how a backend folds the case of other letters (ß, İ) is not the document's to say.
    const ascii = values.filter((value) => /^[\x20-\x7e]+$/.test(value));
    const name = ascii[valueIndex % Math.max(1, ascii.length)];
    if (name === undefined) {
      return NO_FILTER;
    }
    const part = name.slice(Math.floor(name.length / 3), Math.floor(name.length / 3) + 3) || name;
    const text = part === part.toUpperCase() ? part.toLowerCase() : part.toUpperCase();
    return {
      query: `&${field}=${encodeURIComponent(text)}`,
      keeps: (record) => String(listed(list, record)[field]).toLowerCase().includes(text.toLowerCase()),
    };
  }
  const wanted =
    chosen.repeats && values.length > 1 && valueIndex % 2 === 1
      ? [first, values[(valueIndex + 1) % values.length]!]
      : [first];
  return {
    query: wanted.map((value) => `&${field}=${encodeURIComponent(value)}`).join(""),
    keeps: (record) => wanted.includes(String(listed(list, record)[field])),
  };
}
