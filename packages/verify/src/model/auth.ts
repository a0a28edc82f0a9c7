// Authentication as a reviewer checks it: a request without a key, with an empty bearer, with the
// right key under another scheme, or with a key the backend cannot know, is refused with 401 and a
// `WWW-Authenticate` challenge, on reads and on writes. The writes are ones that change nothing
// when refused and nothing the run does not own when accepted (a pet of the run's own, tagged; a
// delete of an id that never was), so a backend that lets them through shows it without harm.

import { operations } from "@petstore/contract";
import fc from "fast-check";
import type { ApiRequest } from "../http/target.js";
import { aim, type Command, command, describeResponse, expectOutcome, Failure, type Real } from "./command.js";
import type { Model } from "./model.js";

/** How a request goes without a valid key. */
export const KEYLESS = {
  "no Authorization header": { key: null },
  "an empty bearer": { authorization: () => "Bearer " },
  "the key under another scheme (Token)": { authorization: (key: string) => `Token ${key}` },
  "a wrong key": { key: "wrong-key" },
} satisfies Record<string, Partial<Pick<ApiRequest, "key" | "authorization">>>;
export type Keyless = keyof typeof KEYLESS;
export const KEYLESS_WAYS = Object.keys(KEYLESS) as Keyless[];

/** The lists the document protects with a key (they answer 401). */
export const PROTECTED_LISTS = operations
  .filter((op) => op.method === "GET" && !op.path.includes("{") && op.responses.has(401))
  .map((op) => op.path);

interface KeylessRequest {
  method: string;
  url: string;
  body?: unknown;
}

/** The writes sent without a key: what each one is, and the request, aimed at the run's own records. */
const KEYLESS_WRITES: Record<"createPet" | "deletePet", (model: Model) => KeylessRequest> = {
  createPet: (model: Model) => ({
    method: "POST",
    url: "/pets",
    body: {
      name: model.name("Keyless"),
      categoryId: aim(model, "categories", { index: 0, missing: false, fromEnd: 1 }),
    },
  }),
  deletePet: (model: Model) => ({
    method: "DELETE",
    url: `/pets/${aim(model, "pets", { index: 0, missing: true })}`,
  }),
};
export type KeylessWrite = keyof typeof KEYLESS_WRITES;
export const KEYLESS_WRITE_NAMES = Object.keys(KEYLESS_WRITES) as KeylessWrite[];

async function expectRefused(model: Model, real: Real, request: KeylessRequest, way: Keyless, ran: string) {
  const { body, ...rest } = request;
  model.requests++;
  const response = await real.target.send({
    ...rest,
    ...KEYLESS[way],
    ...(body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });
  const what = `${ran} → ${response.status}`;
  if (response.status === 201 && request.method === "POST") {
    // Accepted: the record is the run's (its name carries the tag), so the cleanup deletes it.
    const id = (response.json as { id?: number } | undefined)?.id;
    if (typeof id === "number") {
      model.created("pets", id);
    }
  }
  // One finding for reads and one for writes, whichever list or way showed it first.
  const where = `${request.method === "GET" ? "reads" : "writes"} without a valid key`;
  try {
    if (response.status !== 401) {
      throw new Failure(
        "model.auth",
        `${what}: a request with ${way} was not refused`,
        "401 UNAUTHORIZED",
        describeResponse(response),
      );
    }
    expectOutcome(what, response, 401, "UNAUTHORIZED", "model.auth");
    if (!response.headers.get("www-authenticate")) {
      throw new Failure(
        "model.auth",
        `${what}: a 401 without a WWW-Authenticate challenge`,
        "401 with WWW-Authenticate",
        "401 without WWW-Authenticate",
      );
    }
  } catch (error) {
    if (error instanceof Failure && error.check === "model.auth") {
      error.where = where;
    }
    throw error;
  }
}

export const keylessRead = (way: Keyless, url: string) =>
  command(`GET ${url} with ${way}`, async (model, real, did) => {
    await expectRefused(model, real, { method: "GET", url }, way, did(`GET ${url} with ${way}`));
  });

export const keylessWrite = (way: Keyless, write: KeylessWrite) =>
  command(`${write} with ${way}`, async (model, real, did) => {
    const request = KEYLESS_WRITES[write](model);
    await expectRefused(model, real, request, way, did(`${request.method} ${request.url} with ${way}`));
  });

export const authCommands = (options: { readOnly?: boolean } = {}): fc.Arbitrary<Command>[] => [
  fc
    .tuple(fc.constantFrom(...KEYLESS_WAYS), fc.constantFrom(...PROTECTED_LISTS))
    .map(([way, url]) => keylessRead(way, url)),
  ...(options.readOnly
    ? []
    : [
        fc
          .tuple(fc.constantFrom(...KEYLESS_WAYS), fc.constantFrom(...KEYLESS_WRITE_NAMES))
          .map(([way, write]) => keylessWrite(way, write)),
      ]),
];
