// The change gate's corpus (test/api-diff/corpus.yaml): each edit of the document gets, per consumer, the bump the
// corpus expects, names the change kinds it lists, and reaches its compiled type verdicts. One TypeScript language
// service compiles every edit's consumer code (src/api-diff/type-check.js), so the libraries are parsed once; and edits
// whose compiled operations do not overlap are compiled together, in one document with all their patches, each
// getting the verdicts of its own operations (the same verdicts: each operation's consumer code is its own). The
// repository's consumer files (the README snippets, the examples' apps, the type tests) are compiled for the edits that
// name what they must report (`files`), each edit alone: an error in a file that uses several operations cannot be
// told apart between edits, and compiling them all for every batch would cost some 5 CPU-s a batch. An edit with a
// `base` (patches to the base as well) is judged by the rules alone: its base is not the one the corpus compiles.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { consumerFiles } from "../src/api-diff/consumer-files.js";
import { judge } from "../src/api-diff/gate.js";
import { generatedTypes } from "../src/api-diff/generated-types.js";
import { type Change, CONSUMERS, highest } from "../src/api-diff/levels.js";
import { hookProbe } from "../src/api-diff/probes.js";
import { createTypeChecker } from "../src/api-diff/type-check.js";
import { baseline, changedOperations, typeVerdicts } from "../src/api-diff/type-verdicts.js";
import { document } from "../src/document.js";

interface Edit {
  name: string;
  patch?: { op: "add" | "replace" | "remove"; path: string; value?: unknown }[];
  base?: { op: "add" | "replace" | "remove"; path: string; value?: unknown }[];
  replace?: [string, string];
  expect: Record<string, string>;
  kinds?: string[];
  compiled?: Record<string, string>;
  files?: Record<string, string>;
}

const corpus: Edit[] = parse(readFileSync(new URL("./api-diff/corpus.yaml", import.meta.url), "utf8"));
const checker = createTypeChecker();

/** The document with an edit applied (RFC 6902 add, replace, remove; `replace` rewrites the introduction's text). */
function applyEdit(edit: Edit, doc = structuredClone(document)) {
  for (const { op, path, value } of edit.patch ?? []) {
    const keys = path
      .split("/")
      .slice(1)
      .map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = keys.pop() as string;
    // biome-ignore lint/suspicious/noExplicitAny: a walk through the document as written
    const parent = keys.reduce((node: any, key) => node[key], doc);
    if (parent === undefined || (op !== "add" && !(last in parent))) {
      throw new Error(`${edit.name}: nothing at ${path}`);
    }
    if (Array.isArray(parent) && op === "add") {
      parent.splice(last === "-" ? parent.length : Number(last), 0, value);
    } else if (Array.isArray(parent) && op === "remove") {
      parent.splice(Number(last), 1);
    } else if (op === "remove") {
      delete parent[last];
    } else {
      parent[last] = value;
    }
  }
  if (edit.replace) {
    const [from, to] = edit.replace;
    expect(doc.info.description).toContain(from);
    doc.info.description = doc.info.description.replace(from, to);
  }
  return doc;
}

/** The bump each consumer gets, the consumers with none left out. */
function bumpsOf(changes: Change[]) {
  const bumps: Record<string, string> = {};
  for (const consumer of CONSUMERS) {
    const bump = highest(...changes.flatMap((found) => found.verdicts[consumer]?.bump ?? []));
    if (bump !== "none") {
      bumps[consumer] = bump;
    }
  }
  return bumps;
}

// Generous: the first edit pays for parsing the libraries and compiling the base once; on a loaded machine the
// wall-clock time of one compile is many times its CPU time.
/** The compiled verdicts of every edit, by name: the edits in batches of disjoint compiled operations. */
const compiled = new Map<string, Change[]>();

async function compileAll() {
  const batches: { edits: Edit[]; operations: Set<string>; alone?: boolean }[] = [];
  const own = new Map(corpus.map((edit) => [edit.name, changedOperations(document, applyEdit(edit))]));
  for (const edit of corpus) {
    const operations = new Set(own.get(edit.name));
    compiled.set(edit.name, []);
    const batch = batches.find(
      (candidate) => !candidate.alone && [...operations].every((id) => !candidate.operations.has(id)),
    );
    if (operations.size === 0 || edit.base) {
      continue;
    }
    if (edit.files) {
      batches.push({ edits: [edit], operations, alone: true });
    } else if (batch) {
      batch.edits.push(edit);
      for (const id of operations) {
        batch.operations.add(id);
      }
    } else {
      batches.push({ edits: [edit], operations });
    }
  }
  // The files the edits name, compiled against the base with its probes; each edit compiles the files it names.
  const all = consumerFiles();
  const named = (names: string[]) =>
    Object.fromEntries(names.flatMap((name) => (all[name] ? [[name, all[name]]] : [])));
  await baseline(checker, document, named(corpus.flatMap((edit) => Object.keys(edit.files ?? {}))));
  for (const { edits, operations, alone } of batches) {
    const together = edits.reduce((doc, edit) => applyEdit(edit, doc), structuredClone(document));
    const files = alone ? named(Object.keys(edits[0]?.files ?? {})) : {};
    const verdicts = await typeVerdicts(checker, document, together, operations, files);
    for (const edit of edits) {
      const own = changedOperations(document, applyEdit(edit));
      // A consumer file's verdict names no operation: an edit compiled alone has them all.
      compiled.set(
        edit.name,
        verdicts.filter((found) => alone || found.operationIds?.every((id) => own.has(id))),
      );
    }
  }
}

describe("the change gate's corpus", { timeout: 120_000 }, () => {
  beforeAll(compileAll, 300_000);

  it("has at least 40 edits, each named once", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map((edit) => edit.name)).size).toBe(corpus.length);
  });

  for (const edit of corpus) {
    it(edit.name, async () => {
      const base = edit.base ? applyEdit({ ...edit, patch: edit.base, replace: undefined }) : document;
      const changes = await judge(checker, base, applyEdit(edit, structuredClone(base)), compiled.get(edit.name));
      const report = changes.map((found) => `${found.kind} ${found.path} ${JSON.stringify(found.verdicts)}`);
      expect(bumpsOf(changes), report.join("\n")).toEqual(edit.expect);
      for (const kind of edit.kinds ?? []) {
        expect(changes.map((found) => found.kind)).toContain(kind);
      }
      for (const [group, kind] of Object.entries(edit.compiled ?? {})) {
        const compiled = changes.filter((found) => found.kind.startsWith("types-"));
        const whys = compiled.map((found) => `${found.kind}: ${Object.values(found.verdicts)[0]?.why}`);
        expect(
          whys.some((why) => why.startsWith(`${kind}:`) && why.includes(` ${group} `)),
          whys.join("\n"),
        ).toBe(true);
      }
      for (const [file, kind] of Object.entries(edit.files ?? {})) {
        const named = changes.filter((found) => found.path.startsWith(`(compiled) ${file}:`));
        const all = changes.filter((found) => found.path.startsWith("(compiled) ")).map((found) => found.path);
        expect(
          named.map((found) => found.kind),
          all.join("\n"),
        ).toEqual([kind]);
      }
    });
  }
});

// The proof the issue asks for, beside the corpus's own (its first error-code edit): a new error code on one operation
// breaks the exhaustive checks of the SWR hook itself, compiled as an app writes it.
describe("a new error code on one operation", () => {
  // Generous: a first compile parses the libraries; on a loaded machine its wall-clock time is many times its CPU time.
  it("breaks the exhaustive checks of the SWR hook, compiled as an app uses it", { timeout: 120_000 }, async () => {
    const modules = { "swr-hook.ts": hookProbe(document, "listPets") };
    const next = structuredClone(document);
    Object.assign(next.paths["/pets"]?.get?.responses ?? {}, {
      "409": { $ref: "#/components/responses/PetHasOpenOrders" },
    });
    expect(checker.check(await generatedTypes(document), modules)["swr-hook.ts"]).toEqual([]);
    const errors = checker.check(await generatedTypes(next), modules)["swr-hook.ts"];
    expect(errors?.map(({ text, message }) => `${text} ${message}`)).toEqual([
      `exhaustive(code); // exhaustive Argument of type '"PET_HAS_OPEN_ORDERS"' is not assignable to parameter of type 'never'.`,
    ]);
  });
});
