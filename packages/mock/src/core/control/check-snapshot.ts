import { contract } from "../generated/contract.js";
import { operations } from "../generated/control/contract.js";
import * as controlValidators from "../generated/control/validators.js";
import { describeBodyError } from "../generated/describe-validation-error.js";
import { shorten } from "../generated/shorten.js";
import { MockApiError } from "../http/errors.js";
import type { StoreLimits } from "../store/store.js";
import { type Snapshot, toStoreSnapshot } from "./snapshot.js";
import { firstBrokenRule } from "./snapshot-rules.js";

const SNAPSHOT_FIELDS = operations.find(({ operationId }) => operationId === "putSessionState")!.body!.fields;

/** A message of the body validator names `body.pets[3].name`; a snapshot is also a file, so its places are bare. */
const placeInSnapshot = (message: string) => message.replace(/^body\./, "").replace(/^body /, "the snapshot ");

/** The first schema problem of a snapshot: the describer's words, but for a field a record does not have. */
function schemaProblem(data: unknown): MockApiError | undefined {
  const validate = controlValidators.SnapshotBody;
  if (validate(data)) {
    return undefined;
  }
  const error = validate.errors![0]!;
  if (error.keyword === "additionalProperties" && error.instancePath !== "") {
    const place = placeInSnapshot(`body${error.instancePath.replace(/\/(\d+)/g, "[$1]").replace(/\//g, ".")}`);
    return new MockApiError(
      400,
      "UNKNOWN_FIELD",
      `${place}.${shorten(String(error.params.additionalProperty))} is not a field of this record`,
    );
  }
  const problem = describeBodyError(error, data, SNAPSHOT_FIELDS, contract.patternDescriptions);
  return new MockApiError(400, problem.code, placeInSnapshot(problem.message));
}

/** The collection past the store's caps, as the 507 a create past a cap gets. */
function pastCap(snapshot: Snapshot, caps: StoreLimits): MockApiError | undefined {
  const counts = [
    ["categories", snapshot.categories.length, caps.maxCategories],
    ["pets", snapshot.pets.length, caps.maxPets],
    ["orders", snapshot.orders.length, caps.maxOrders],
  ] as const;
  for (const [collection, count, cap] of counts) {
    if (count > cap) {
      return new MockApiError(
        507,
        "STORAGE_FULL",
        `${collection}: the snapshot has ${count} ${collection}, above the store's maximum of ${cap}`,
      );
    }
  }
  return undefined;
}

/**
 * Checks a snapshot in full, before anything changes: each record against its schema, then the rules
 * between records, then the store's caps. Throws the first problem as the control API answers it (400,
 * or 507 past a cap), its message naming the place (`pets[3].categoryId: category 9 does not exist`);
 * returns the store's state otherwise. `--state` files are read through it too.
 */
export function checkSnapshot(data: unknown, caps: StoreLimits): Snapshot {
  const invalid = schemaProblem(data);
  if (invalid) {
    throw invalid;
  }
  const snapshot = data as Snapshot;
  const broken = firstBrokenRule(snapshot);
  if (broken) {
    throw new MockApiError(400, "INVALID_FIELD", broken);
  }
  const full = pastCap(snapshot, caps);
  if (full) {
    throw full;
  }
  return snapshot;
}

/** `checkSnapshot`, then the state to put in a store (`PetstoreStore.restore`). */
export const readSnapshot = (data: unknown, caps: StoreLimits) => toStoreSnapshot(checkSnapshot(data, caps));
