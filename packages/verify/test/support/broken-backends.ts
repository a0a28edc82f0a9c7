// Backends that break exactly one documented rule each: a proxy (./proxy.ts) in front of a real,
// seeded mock. They prove that petstore-verify finds things: each names the check that must report it.
// A new kind adds its breakage (./breakages/), its entry below, and its demonstration in
// test/broken-backends.test.ts, which fails until it has one. Each backend comes over HTTP
// (`startBrokenBackend`) or in process (`brokenBackendFetch`), and may combine several kinds.
import {
  createPetstoreApp,
  createPetstoreFetchHandler,
  createPetstoreStore,
  DEMO_API_KEY,
  type PetstoreStore,
  seed,
} from "@petstore/mock";
import { startPetstoreServer } from "@petstore/mock/node";
import type { Check } from "../../src/checks.js";
import { type VerifyReport, verify } from "../../src/index.js";
import {
  acceptAnyKey,
  acceptEmptyBearer,
  acceptMissingKey,
  acceptOtherSchemes,
  dropWwwAuthenticate,
  renameErrorCode,
  writesWithoutKey,
} from "./breakages/errors.js";
import {
  dropListHeader,
  ignoreStatusFilter,
  inventoryAlwaysAvailable,
  renamePetCategoryId,
  skipFirstOnLaterPages,
  staleLists,
} from "./breakages/reads.js";
import {
  cancelKeepsStock,
  categoryWriteRenamesAPet,
  createPetAnswers200,
  deleteCategoryInUse,
  deleteWithoutDeleting,
  orderTakesNoStock,
} from "./breakages/writes.js";
import { type BrokenFetch, fetchThroughBreakage } from "./broken-fetch.js";
import { startProxy } from "./proxy.js";
import { type Breakage, combineBreakages } from "./upstream.js";

/** The `check` names of a finding. */
export type CheckName = Check;

export interface BrokenBackendKind {
  name: string;
  /** The documented rule it breaks, in a sentence. */
  breaks: string;
  /** The checks that may report it; more than one only where `why` says which can come first. */
  caughtBy: readonly CheckName[];
  why?: string;
  /** A new breakage per backend: some keep state (a cache, the pets the client created). */
  breakage: () => Breakage;
}

export const brokenBackendKinds: readonly BrokenBackendKind[] = [
  {
    name: "list-filter-ignored",
    breaks: "listPets returns only pets of the `status` asked for",
    caughtBy: ["model.list-filter", "document.header"],
    why: "on a short page the backend's own Link rel=next then drops the filter too, which the document forbids; on a page that holds the whole list the model sees the unfiltered records",
    breakage: ignoreStatusFilter,
  },
  {
    name: "create-answers-200",
    breaks: "createPet answers 201",
    caughtBy: ["document.status"],
    breakage: createPetAnswers200,
  },
  {
    name: "total-count-dropped",
    breaks: "list answers carry the required X-Total-Count header",
    caughtBy: ["document.header", "model.paging"],
    why: "the document requires the header; a paging check that reads the count may meet its absence first",
    breakage: dropListHeader("x-total-count"),
  },
  {
    name: "link-dropped",
    breaks: "a list page with a next or previous page carries Link rel=next/prev",
    caughtBy: ["model.paging", "document.header"],
    why: "Link is optional in the document (absent without next/prev), so paging finds it; a header check that knows when it is due may too",
    breakage: dropListHeader("link"),
  },
  {
    name: "stale-list",
    breaks: "a list shows the state left by the writes before it",
    caughtBy: ["model.record", "model.list-filter", "model.paging"],
    why: "a stale page misses records created or changed since: a check of a listed record, of the filter's matches or of the count can see it first",
    breakage: staleLists,
  },
  {
    name: "pet-field-renamed",
    breaks: "a Pet has `categoryId` (required; no other field allowed)",
    caughtBy: ["document.body"],
    breakage: renamePetCategoryId,
  },
  {
    name: "inventory-status-wrong",
    breaks: "an inventory entry's status is its pet's status",
    caughtBy: ["model.invariant", "model.record", "model.list-filter"],
    why: "the rule is an invariant between two records; an entry compared with the model's, or listed under a status filter it no longer matches, can show it first",
    breakage: inventoryAlwaysAvailable,
  },
  {
    name: "delete-does-not-delete",
    breaks: "after deletePet or deleteCategory answers 204, the record is gone (404)",
    caughtBy: ["model.not-found", "model.record"],
    why: "the record is still read by id (not-found) and still listed (record), whichever the run reads first",
    breakage: deleteWithoutDeleting,
  },
  {
    name: "stock-not-taken",
    breaks: "placing an order reserves its quantity from the pet's stock",
    caughtBy: ["model.stock", "model.state-transition"],
    why: "when the order takes the last unit, the pet also stays available instead of becoming pending",
    breakage: orderTakesNoStock,
  },
  {
    name: "x-affects-undeclared",
    breaks: "a category write changes only the reads its x-affects names (listCategories, getCategory)",
    caughtBy: ["x-affects", "model.record"],
    why: "the renamed pet is a change no write declared, and also a record that differs from the model's",
    breakage: categoryWriteRenamesAPet,
  },
  {
    name: "auth-not-enforced",
    breaks: "a request without a valid bearer key gets 401",
    caughtBy: ["model.auth"],
    breakage: acceptAnyKey(DEMO_API_KEY),
  },
  {
    name: "www-authenticate-dropped",
    breaks: 'a 401 carries WWW-Authenticate: Bearer realm="petstore"',
    caughtBy: ["document.header", "model.auth"],
    why: "the header is required by the document; an auth check that looks at the 401 whole may report it first",
    breakage: dropWwwAuthenticate,
  },
  {
    name: "error-code-undocumented",
    breaks: "placeOrder's 409 for too little stock has a documented code (INSUFFICIENT_STOCK)",
    caughtBy: ["document.error-code", "document.body"],
    why: "the 409's code enumeration is part of its body schema, so a schema check can see OUT_OF_STOCK first",
    breakage: renameErrorCode("INSUFFICIENT_STOCK", "OUT_OF_STOCK"),
  },
  {
    name: "error-code-swapped",
    breaks: "an order for more units than in stock is refused with INSUFFICIENT_STOCK",
    caughtBy: ["model.stock", "model.state-transition"],
    why: "PET_NOT_AVAILABLE is documented for placeOrder's 409, so only the model's prediction sees it: as a stock or a state outcome",
    breakage: renameErrorCode("INSUFFICIENT_STOCK", "PET_NOT_AVAILABLE"),
  },
  {
    name: "no-key-accepted",
    breaks: "a request without an Authorization header gets 401",
    caughtBy: ["model.auth"],
    breakage: acceptMissingKey(DEMO_API_KEY),
  },
  {
    name: "empty-bearer-accepted",
    breaks: "`Authorization: Bearer ` with no key gets 401",
    caughtBy: ["model.auth"],
    breakage: acceptEmptyBearer(DEMO_API_KEY),
  },
  {
    name: "wrong-scheme-accepted",
    breaks: "an Authorization header not of the form `Bearer <key>` (`Basic …`, `Token <key>`) gets 401",
    caughtBy: ["model.auth"],
    breakage: acceptOtherSchemes(DEMO_API_KEY),
  },
  {
    name: "writes-unauthenticated",
    breaks: "a POST, PUT, PATCH or DELETE without an Authorization header gets 401, as a read does",
    caughtBy: ["model.auth"],
    breakage: writesWithoutKey(DEMO_API_KEY),
  },
  {
    name: "paging-skips-record",
    breaks: "the pages of a list, followed by their Link rel=next, hold every record once",
    caughtBy: ["model.paging", "model.record", "model.list-filter", "document.body"],
    why: "the records read page by page miss one that X-Total-Count still counts (paging); a check that compares the records read with the model's, before it counts them, sees a record missing from an unfiltered list (record) or a filtered one (list-filter) first; and the document fixes a page's length from X-Total-Count, offset and limit, which a page one short breaks (body)",
    breakage: skipFirstOnLaterPages,
  },
  {
    name: "cancel-keeps-stock",
    breaks:
      "cancelling an open order returns its quantity to the pet's stock (and a pending pet with stock again becomes available)",
    caughtBy: ["model.stock", "model.record"],
    why: "the stock is short of the model's by the order's quantity; when the pet was pending with no stock, it also stays pending (it rightly has no stock) where the model re-lists it, which a check of the pet record can see first",
    breakage: cancelKeepsStock,
  },
  {
    name: "category-delete-in-use",
    breaks: "deleting a category that a pet belongs to is refused with 409 CATEGORY_IN_USE",
    caughtBy: ["model.state-transition"],
    breakage: deleteCategoryInUse,
  },
];

export interface RunningBrokenBackend {
  kind: BrokenBackendKind;
  /** The proxy: the broken backend. */
  url: string;
  /** The mock behind it, answering right. */
  mockUrl: string;
  /** A new breakage, as a backend just started has (a stale cache empty again); not every backend can. */
  reset?(): void;
  close(): Promise<void>;
}

/** The demo data behind every broken backend: categories, pets of every status, open and complete orders. */
export const SEEDED_PETS = 20;

async function seededStore(): Promise<PetstoreStore> {
  const store = createPetstoreStore();
  await seed(store, { pets: SEEDED_PETS, seed: 1 });
  return store;
}

/**
 * One kind that breaks the rules of all of `kinds`, each as it does alone; its breakage hands what the first
 * forwards to the second, and so on (see `combineBreakages`: put a kind that changes keys last). Of no kind,
 * a backend that breaks nothing: the mock as it is, behind the same proxy.
 */
export function combinedKind(...kinds: readonly BrokenBackendKind[]): BrokenBackendKind {
  if (kinds.length === 1) {
    return kinds[0]!;
  }
  if (kinds.length === 0) {
    return { name: "intact", breaks: "nothing", caughtBy: [], breakage: () => combineBreakages([]) };
  }
  return {
    name: kinds.map((kind) => kind.name).join("+"),
    breaks: kinds.map((kind) => kind.breaks).join("; "),
    caughtBy: [...new Set(kinds.flatMap((kind) => kind.caughtBy))],
    why: `each of ${kinds.map((kind) => kind.name).join(", ")} is caught as it is alone`,
    breakage: () => combinedBreakage(...kinds),
  };
}

/** A new breakage of each of `kinds`, as one. */
export const combinedBreakage = (...kinds: readonly BrokenBackendKind[]): Breakage =>
  combineBreakages(kinds.map((kind) => kind.breakage()));

/**
 * Starts a seeded mock and the proxy of `kinds` (one, or several at once) in front of it, both on
 * 127.0.0.1 and a free port.
 */
export async function startBrokenBackend(...kinds: readonly BrokenBackendKind[]): Promise<RunningBrokenBackend> {
  const kind = combinedKind(...kinds);
  const mock = await startPetstoreServer({ store: await seededStore(), port: 0 });
  const proxy = await startProxy(mock.url, kind.breakage());
  return {
    kind,
    url: proxy.url,
    mockUrl: mock.url,
    close: async () => {
      await proxy.close();
      await mock.close({ graceMs: 1_000 });
    },
  };
}

export interface SharedBrokenBackend {
  /** The backend as a broken backend of `kind` from now on: a new breakage of it, none of another's state (a cache). */
  use(kind: BrokenBackendKind): RunningBrokenBackend;
  close(): Promise<void>;
}

/**
 * One seeded mock and one proxy in front of it, its kind switched by `use`: a file that runs the
 * reproductions of several kinds in bash starts one backend over HTTP, not one per kind. Each kind meets
 * the records the others' reproductions could not delete (complete orders): a reproduction makes what it reads.
 */
export async function startSharedBrokenBackend(): Promise<SharedBrokenBackend> {
  let breakage = combinedKind().breakage();
  const mock = await startPetstoreServer({ store: await seededStore(), port: 0 });
  const proxy = await startProxy(mock.url, (request, upstream) => breakage(request, upstream));
  const close = async () => {
    await proxy.close();
    await mock.close({ graceMs: 1_000 });
  };
  return {
    use: (kind) => {
      breakage = kind.breakage();
      const reset = () => {
        breakage = kind.breakage();
      };
      return { kind, url: proxy.url, mockUrl: mock.url, reset, close };
    },
    close,
  };
}

export interface BrokenBackendFetch {
  kind: BrokenBackendKind;
  /** The broken backend's base URL, for `verify({ baseUrl, apiKey, fetch })`. */
  baseUrl: string;
  /** Answers requests under `baseUrl`, in process, as the proxy of `startBrokenBackend` answers. */
  fetch: BrokenFetch;
  /** The mock behind it, answering right under `mockUrl`. */
  mockFetch: BrokenFetch;
  mockUrl: string;
  /** The mock's store, to arrange or inspect state. */
  store: PetstoreStore;
}

/** The base URLs of an in-process broken backend and of the mock behind it: names only, nothing listens there. */
export const BROKEN_FETCH_URL = "http://broken-backend.test";
export const BROKEN_FETCH_MOCK_URL = "http://127.0.0.1:4010";

/**
 * The broken backend of `kinds` without a socket: the mock's fetch handler (the standalone server's
 * pipeline) over a store seeded as `startBrokenBackend` seeds it, behind the same breakage. Fast enough
 * for a whole verify run.
 * @example
 * const backend = await brokenBackendFetch(brokenBackendKind("no-key-accepted"));
 * const report = await verify({ baseUrl: backend.baseUrl, apiKey: DEMO_API_KEY, fetch: backend.fetch });
 */
export async function brokenBackendFetch(...kinds: readonly BrokenBackendKind[]): Promise<BrokenBackendFetch> {
  const kind = combinedKind(...kinds);
  const store = await seededStore();
  const app = createPetstoreApp({ store });
  await app.ready;
  const handle = createPetstoreFetchHandler({ app, baseUrl: BROKEN_FETCH_MOCK_URL });
  const mockFetch: BrokenFetch = (input, init) => handle(new Request(input, init));
  return {
    kind,
    baseUrl: BROKEN_FETCH_URL,
    fetch: fetchThroughBreakage(kind.breakage(), handle, {
      baseUrl: BROKEN_FETCH_URL,
      upstreamUrl: BROKEN_FETCH_MOCK_URL,
    }),
    mockFetch,
    mockUrl: BROKEN_FETCH_MOCK_URL,
    store,
  };
}

/** A whole verify run in process against the broken backend of `kinds`, at no rate limit. */
export async function verifyBroken(
  kinds: readonly BrokenBackendKind[],
  options: { seed: number; steps?: number },
): Promise<VerifyReport> {
  const backend = await brokenBackendFetch(...kinds);
  return verify({
    baseUrl: backend.baseUrl,
    apiKey: DEMO_API_KEY,
    rate: 1_000_000,
    fetch: backend.fetch as typeof fetch,
    ...options,
  });
}

export function brokenBackendKind(name: string): BrokenBackendKind {
  const kind = brokenBackendKinds.find((candidate) => candidate.name === name);
  if (!kind) {
    throw new Error(`no broken backend kind ${name}; there are ${brokenBackendKinds.map((k) => k.name).join(", ")}`);
  }
  return kind;
}
