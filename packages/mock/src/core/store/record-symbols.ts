import { Collection } from "@msw/data";

/** The two symbols @msw/data marks each of its records with (which it does not export), by their descriptions. */
export interface RecordSymbols {
  readonly primaryKey: symbol;
  readonly relationMap: symbol;
}

let found: RecordSymbols | undefined;

/**
 * @msw/data's record symbols, found once. `Collection.create` asks, before anything awaits, whether its initial
 * values are a record already (`kPrimaryKey in values`) and reads their relations (`values[kRelationMap]`): a Proxy
 * handed to it as the values sees both symbols. A schema that throws then stops the create, storing nothing.
 */
export function recordSymbols(): RecordSymbols {
  if (found !== undefined) {
    return found;
  }
  const seen = new Map<string | undefined, symbol>();
  const note = (key: string | symbol) => {
    if (typeof key === "symbol") {
      seen.set(key.description, key);
    }
  };
  const probe = new Proxy({} as Record<string, unknown>, {
    has: (_, key) => {
      note(key);
      return true;
    },
    get: (_, key) => void note(key),
  });
  const stop = {
    "~standard": {
      version: 1 as const,
      vendor: "",
      validate: (): never => {
        throw new Error();
      },
    },
  };
  new Collection({ schema: stop }).create(probe).catch(() => undefined);
  const primaryKey = seen.get("kPrimaryKey");
  const relationMap = seen.get("kRelationMap");
  if (primaryKey === undefined || relationMap === undefined) {
    throw new Error("@msw/data's records are unlike 1.x's");
  }
  found = { primaryKey, relationMap };
  return found;
}
