// The authentication command: a read without a key, or with a key the backend cannot know, is
// refused with 401 and a `WWW-Authenticate` challenge. Safe in read-only runs.

import { operations } from "@petstore/contract";
import fc from "fast-check";
import { type Command, command, expectOutcome, Failure } from "./command.js";

/** The lists the document protects with a key (they answer 401), read without one or with a wrong one. */
const protectedLists = operations
  .filter((op) => op.method === "GET" && !op.deprecated && !op.path.includes("{") && op.responses.has(401))
  .map((op) => op.path);

const unauthorizedRead = (key: "none" | "wrong", url: string) =>
  command(`GET ${url} with ${key === "none" ? "no key" : "a wrong key"}`, async (model, real, did) => {
    model.requests++;
    const wrongKey = `wrong-key-${model.scope?.tag ?? "fuzz"}`;
    const response = await real.target.send({ method: "GET", url, key: key === "none" ? null : wrongKey });
    const ran = did(`GET ${url} with ${key === "none" ? "no key" : "a wrong key"} → ${response.status}`);
    expectOutcome(ran, response, 401, "UNAUTHORIZED", "model.auth");
    if (!response.headers.get("www-authenticate")) {
      throw new Failure(
        "model.auth",
        `${ran}: a 401 without a WWW-Authenticate challenge`,
        "401 with WWW-Authenticate",
      );
    }
  });

export const authCommands = (): fc.Arbitrary<Command>[] => [
  fc
    .tuple(fc.constantFrom<"none" | "wrong">("none", "wrong"), fc.constantFrom(...protectedLists))
    .map(([key, url]) => unauthorizedRead(key, url)),
];
