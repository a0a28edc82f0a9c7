// Valid requests of every operation, generated from its schemas: they pass validation, and a
// `Prefer: code` gets the error it asks for.

import { type DocOperation, demoApiKey, errorStatuses } from "@petstore/contract";
import fc from "fast-check";
import { baseOf, build, documentedError, type Expectation, type FuzzRequest, preferMaxLength } from "./request.js";

/** A valid `Prefer` header asking for a documented error, with its expectation; or a delay. */
function validPrefer(operation: DocOperation): fc.Arbitrary<{ header: string; expect?: Expectation }> {
  const statuses = errorStatuses(operation);
  return fc.oneof(
    fc.constantFrom(...statuses).chain((status) =>
      fc
        .constantFrom(
          `code=${status}`,
          ` code=${status} `,
          `code=${status}, delay=0`,
          `delay=1,code=${status}`,
          // RFC 7240: names are case-insensitive, values may be quoted and carry parameters, a
          // repeated preference counts once, and preferences the mock does not implement are ignored.
          `Code=${status}`,
          `code="${status}"`,
          `code=${status};reason=test`,
          `code=${status}, code=abc`,
          `return=minimal, respond-async, code=${status}`,
          `code=${status},`,
        )
        .map((header) => ({ header, expect: documentedError(operation, status) })),
    ),
    fc
      .tuple(
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom("", ", return=minimal", ", respond-async", ", handling=lenient", ", wait=5", ", x-unknown"),
      )
      .map(([delay, other]) => ({ header: `DELAY=${delay}${other}` })),
    fc
      .constantFrom(
        "return=minimal",
        "respond-async",
        "handling=lenient",
        "wait=5",
        "x".repeat(preferMaxLength(operation)),
        'a="b,c=1"',
      )
      .map((header) => ({ header })),
  );
}

/** Valid requests of an operation: they pass validation, and a `Prefer: code` gets its error. */
export function validRequest(operation: DocOperation): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      baseOf(operation),
      fc.option(validPrefer(operation), { freq: 6 }),
      fc.constantFrom("Bearer", "bearer", "BEARER  "),
    )
    .map(([base, prefer, scheme]) =>
      build(
        operation,
        base,
        prefer ? `valid, Prefer: ${prefer.header}` : "valid",
        prefer?.expect ?? { kind: "valid" },
        {
          headers: {
            Authorization: `${scheme} ${demoApiKey}`,
            ...(prefer ? { Prefer: prefer.header } : {}),
          },
        },
      ),
    );
}
