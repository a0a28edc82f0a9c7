// Invalid requests of every operation, each broken in one way (authorization, Prefer, path, query,
// body), with the status and codes the document promises; and requests broken in several ways.

import {
  type DocOperation,
  type DocParameter,
  demoApiKey,
  errorStatuses,
  idMaximum,
  limits,
  type Schema,
} from "@petstore/contract";
import fc from "fast-check";
import { invalidBodies } from "./invalid-bodies.js";
import {
  baseOf,
  breaker,
  type Expectation,
  type FuzzRequest,
  pathParameters,
  preferMaxLength,
  queryParameters,
} from "./request.js";

const encode = (value: unknown) => encodeURIComponent(String(value));

const BAD_IDS = [
  "abc",
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  " 1",
  "+1",
  "01.0",
  String(idMaximum + 1),
  "99999999999999999999999",
  "null",
  "true",
  "%",
  "[1]",
  "__proto__",
  "constructor",
];

/** Invalid requests of an operation, each broken in one way, with the error the document promises. */
export function invalidRequest(operation: DocOperation): fc.Arbitrary<FuzzRequest> {
  const broken = breaker(operation, baseOf(operation));
  const authorizations = fc.constantFrom<[string | null, string]>(
    [null, "no Authorization"],
    ["", "empty Authorization"],
    ["Basic dXNlcjpwYXNz", "Basic credentials"],
    ["Bearer", "Bearer without a key"],
    ["Bearer wrong-key", "an unknown key"],
    [`Bearer ${demoApiKey} extra`, "two tokens"],
    [`Token ${demoApiKey}`, "another scheme"],
    [`Bearer ${demoApiKey.toUpperCase()}`, "the key in another case"],
    [`Bearer${demoApiKey}`, "no space"],
  );
  const undocumented = [200, 201, 204, 302, 404, 409, 413, 418, 422, 501, 599].filter(
    (status) => !errorStatuses(operation).includes(status),
  );
  const badPrefers = fc.oneof(
    fc.constantFrom(...undocumented).map((status) => `code=${status}`),
    fc.constantFrom(
      `delay=${limits.preferDelayMaxMs + 1}`,
      `delay=${limits.preferDelayMaxMs * 10}`,
      "code=5O3",
      "code=",
      "code",
      'code="abc"',
      "Code=5030",
      "delay=soon",
      "delay=1.5",
      "delay=-1",
      "return=minimal, delay=later",
      "x".repeat(preferMaxLength(operation) + 1),
    ),
  );
  const defined = queryParameters(operation);
  const unknownName = fc
    .oneof(
      fc.constantFrom(
        "__proto__",
        "constructor",
        "prototype",
        "LIMIT",
        "Limit",
        "page",
        "sort",
        "status[]",
        "id[]",
        "petid",
        "toString",
      ),
      fc.string({ minLength: 1, maxLength: 8 }),
    )
    .filter((name) => !defined.some((parameter) => parameter.name === name));
  return fc.oneof(
    broken(
      authorizations,
      "UNAUTHORIZED",
      (_b, [authorization, label]) => [
        `auth: ${label}`,
        {
          key: null,
          headers: authorization === null ? {} : ({ Authorization: authorization } as Record<string, string>),
        },
      ],
      401,
    ),
    broken(badPrefers, "INVALID_PARAMETER", (_b, prefer) => [`Prefer: ${prefer}`, { headers: { Prefer: prefer } }]),
    ...pathParameters(operation).map((parameter) =>
      broken(fc.constantFrom(...BAD_IDS), "INVALID_PARAMETER", (b, bad) => [
        `path ${parameter.name}=${bad}`,
        {},
        { ...b, path: { ...b.path, [parameter.name]: encode(bad) } },
      ]),
    ),
    // Unknown query parameters are fuzzed wherever the document lists UNKNOWN_PARAMETER (today: every
    // operation), so the expectation follows the document rather than this file.
    ...((operation.errorCodes["400"] ?? []).includes("UNKNOWN_PARAMETER")
      ? [
          broken(fc.tuple(unknownName, fc.string({ maxLength: 5 })), "UNKNOWN_PARAMETER", (b, [name, value]) => [
            `unknown query ${name}`,
            {},
            { ...b, query: [...b.query, [name, value]] },
          ]),
        ]
      : []),
    ...defined.map((parameter) =>
      broken(fc.constantFrom(...badQueryValues(parameter)), "INVALID_PARAMETER", (b, values) => [
        `query ${values.map((value) => `${parameter.name}=${value}`).join("&")}`,
        {},
        {
          ...b,
          query: [
            ...b.query.filter(([name]) => name !== parameter.name),
            ...values.map((value): [string, string] => [parameter.name, value]),
          ],
        },
      ]),
    ),
    ...(operation.body ? invalidBodies(operation, broken) : []),
  );
}

function badQueryValues(parameter: DocParameter): string[][] {
  const schema = parameter.schema;
  if (schema.type === "array") {
    const items = schema.items as Schema;
    const tooMany = Array.from({ length: (schema.maxItems as number) + 1 }, (_, index) =>
      items.enum ? String((items.enum as string[])[index % 3]) : String(index + 1),
    );
    return [tooMany, items.enum ? ["lost"] : ["abc"], items.enum ? ["available", "SOLD"] : ["1", "0"], [""]];
  }
  if (schema.type === "integer") {
    const out = [["abc"], ["1.5"], ["1e1"], ["0x1"], [""], [" 1"], ["1", "2"]];
    if (typeof schema.minimum === "number") {
      out.push([String(schema.minimum - 1)]);
    }
    if (typeof schema.maximum === "number") {
      out.push([String(schema.maximum + 1)], ["99999999999999999999999"]);
    }
    return out;
  }
  if (schema.type === "boolean") {
    return [["yes"], ["1"], ["TRUE"], [""], ["true", "false"]];
  }
  // A string: too short, too long, repeated.
  return [[""], ["x".repeat(((schema.maxLength as number) ?? 100) + 1)], ["a", "b"]];
}

/** Requests broken in several ways at once, or odd but not promised anything beyond "documented". */
export function chaosRequest(operation: DocOperation): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(invalidRequest(operation), invalidRequest(operation), fc.boolean()).map(([first, second, swap]) => {
    const [a, b] = swap ? [second, first] : [first, second];
    return {
      ...a,
      headers: { ...b.headers, ...a.headers },
      url: a.url.includes("?") || !b.url.includes("?") ? a.url : `${a.url}${b.url.slice(b.url.indexOf("?"))}`,
      mutation: `${a.mutation} + ${b.mutation}`,
      expect: { kind: "any" } as Expectation,
    };
  });
}
