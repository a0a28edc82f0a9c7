// Names a newcomer can tell apart (issue 36): across the published packages' entries, no two exported names differ
// by one letter (createPetstoreHandler beside createPetstoreHandlers), and a name exported by two entries is the
// same thing in both (not two `PetstoreWorker`s, one a Service Worker, one a Cloudflare Worker).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Each entry's TypeScript source (`@petstore/source` of each `exports` subpath) of the published packages. */
const entries = execFileSync("git", ["ls-files", "packages/*/package.json"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter(Boolean)
  .map((file) => ({ dir: path.dirname(file), manifest: JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) }))
  .filter(({ manifest }) => !manifest.private)
  .flatMap(({ dir, manifest }) =>
    Object.entries(manifest.exports as Record<string, { "@petstore/source"?: string } | string>).flatMap(
      ([subpath, conditions]) =>
        typeof conditions === "object" && conditions["@petstore/source"]
          ? [
              {
                entry: `${manifest.name}${subpath.slice(1)}`,
                file: path.join(ROOT, dir, conditions["@petstore/source"]),
              },
            ]
          : [],
    ),
  );

/**
 * The names each entry exports, each with what it means in each entry: where its value is declared, and its type
 * written out (two generated copies of one schema type, the SDK's and the mock's, are one thing).
 */
function exportedNames(): Map<string, Map<string, string>> {
  const program = ts.createProgram(
    entries.map(({ file }) => file),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      customConditions: ["@petstore/source"],
      skipLibCheck: true,
      noEmit: true,
    },
  );
  const checker = program.getTypeChecker();
  const names = new Map<string, Map<string, string>>();
  const meaning = (symbol: ts.Symbol): string => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const parts: string[] = [];
    if (target.flags & ts.SymbolFlags.Value) {
      const declaration = target.valueDeclaration ?? target.declarations?.[0];
      parts.push(
        `value at ${declaration ? `${path.relative(ROOT, declaration.getSourceFile().fileName)}:${declaration.pos}` : "?"}`,
      );
    }
    if (target.flags & ts.SymbolFlags.Type && !(target.flags & ts.SymbolFlags.Class)) {
      parts.push(
        `type ${checker.typeToString(checker.getDeclaredTypeOfSymbol(target), undefined, ts.TypeFormatFlags.NoTruncation)}`,
      );
    }
    return parts.join(" and ");
  };
  for (const { entry, file } of entries) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    for (const symbol of module ? checker.getExportsOfModule(module) : []) {
      const byEntry = names.get(symbol.name) ?? new Map<string, string>();
      byEntry.set(entry, meaning(symbol));
      names.set(symbol.name, byEntry);
    }
  }
  return names;
}

/** Whether two names are one edit apart: a letter added, dropped, changed, or two neighbours swapped. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) {
    return false;
  }
  let start = 0;
  while (start < a.length && a[start] === b[start]) {
    start++;
  }
  const [restA, restB] = [a.slice(start), b.slice(start)];
  return (
    restA.slice(1) === restB.slice(1) ||
    restA.slice(1) === restB ||
    restA === restB.slice(1) ||
    (restA.length >= 2 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2))
  );
}

describe("the published packages' exported names", () => {
  const names = exportedNames();

  it("are found in every entry", () => {
    expect(entries.length).toBeGreaterThan(8);
    expect(names.get("createPetstoreClient")?.size).toBeGreaterThan(0);
  });

  it("name one thing each, whichever entry exports them", () => {
    // A value in one entry and a type in another may share a name (TypeScript's idiom: the SDK's `NewPet` type,
    // and `NewPet` of @petstore/sdk/schemas, the Standard Schema whose output it is); two values, or two types, not.
    const clash = (meanings: string[], kind: string) =>
      new Set(meanings.flatMap((text) => text.split(" and ").filter((part) => part.startsWith(kind)))).size > 1;
    const collisions = [...names].flatMap(([name, byEntry]) =>
      clash([...byEntry.values()], "value") || clash([...byEntry.values()], "type")
        ? [`${name}: ${[...byEntry].map(([entry, where]) => `${entry} (${where})`).join(" and ")}`]
        : [],
    );
    expect(collisions, "a name that means two things: rename one").toEqual([]);
  });

  it("never differ by one letter", () => {
    const all = [...names.keys()].sort();
    // A type and its instance (`PetstoreCloudflareWorker`, `petstoreCloudflareWorker`) differ in the first letter's
    // case only: TypeScript's idiom, told apart by where they stand.
    const caseOfFirstOnly = (a: string, b: string) =>
      a.slice(1) === b.slice(1) && a[0]!.toLowerCase() === b[0]!.toLowerCase();
    const close = all.flatMap((name, index) =>
      all
        .slice(index + 1)
        .flatMap((other) => (oneEditApart(name, other) && !caseOfFirstOnly(name, other) ? [`${name} / ${other}`] : [])),
    );
    expect(close, "names a reader can mistake for each other: rename one").toEqual([]);
  });
});
