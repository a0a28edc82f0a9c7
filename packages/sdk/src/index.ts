// The public surface of @petstore/sdk. Importing it has no side effects.
export { createPetstoreClient } from "./client.js";
export type { PetstoreClient, PetstoreMethod } from "./client-types.js";
export type { DeprecationNotice } from "./deprecation.js";
export { type ClientErrorCode, isApiError, PetstoreError, unwrap } from "./errors.js";
export { PETSTORE_API_VERSION } from "./generated/api-version.js";
export type { PetstoreClientOptions } from "./options.js";
export { type PagedPath, type PageItem, paginate, parseNextLink } from "./pagination.js";
export type { RetryOptions } from "./retry.js";
export type {
  ApiError,
  Category,
  CategoryPatch,
  components,
  ErrorCode,
  InventoryItem,
  InventoryUpdate,
  NewCategory,
  NewOrder,
  NewPet,
  Order,
  OrderPatch,
  operations,
  Pet,
  PetPatch,
  PetStatus,
  paths,
} from "./types.js";
