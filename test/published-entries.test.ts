// A published package declares its entries once, in package.json `exports`. Whatever else names them is derived
// from `exports` (each tsup.config.ts reads it) or checked against it here, and a mismatch is named: the
// typesVersions map (TypeScript's node10 resolution reads no exports map), the build's entries, and the mock's
// entry files (`src/<name>.ts` per subpath). A new entry is one `exports` subpath (and its typesVersions line,
// which the first test asks for by name).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

type Conditions = {
  "@petstore/source"?: string;
  import?: { types?: string; default?: string };
  require?: { types?: string; default?: string };
};
interface Manifest {
  name: string;
  private?: boolean;
  bin?: Record<string, string>;
  exports: Record<string, Conditions | string>;
  typesVersions?: Record<string, Record<string, string[]>>;
}

const published = execFileSync("git", ["ls-files", "packages/*/package.json"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter(Boolean)
  .map((file) => ({ dir: path.posix.dirname(file), manifest: readJson(file) }))
  .filter(({ manifest }) => manifest.private !== true);

function readJson(file: string): Manifest {
  return JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));
}

/** The code entries of `exports` (`./package.json` aside): subpath → its conditions. */
const entries = (manifest: Manifest) =>
  Object.entries(manifest.exports).filter((entry): entry is [string, Conditions] => typeof entry[1] === "object");

/** The name an entry is built to: `./dist/model/index.js` → `model/index`. */
const builtName = (conditions: Conditions) =>
  (conditions.import?.default ?? "").replace(/^\.\/dist\//, "").replace(/\.js$/, "");

it("finds the published packages", () => {
  expect(published.map(({ manifest }) => manifest.name).sort()).toEqual([
    "@petstore/mock",
    "@petstore/query",
    "@petstore/sdk",
    "@petstore/verify",
  ]);
});

describe.each(published.map(({ dir, manifest }) => [manifest.name, dir, manifest] as const))(
  "%s",
  (_name, dir, manifest) => {
    const file = `${dir}/package.json`;

    it("gives every exports subpath its source, and its ESM and CommonJS builds with their types", () => {
      const problems = entries(manifest).flatMap(([subpath, conditions]) => {
        const name = builtName(conditions);
        const source = conditions["@petstore/source"];
        const expected = {
          import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
          require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
        };
        return [
          ...(source && existsSync(path.join(ROOT, dir, source))
            ? []
            : [`${file}: exports["${subpath}"]["@petstore/source"] is ${source}, which is no file`]),
          ...(["import", "require"] as const).flatMap((kind) =>
            (["types", "default"] as const)
              .filter((key) => conditions[kind]?.[key] !== expected[kind][key])
              .map(
                (key) =>
                  `${file}: exports["${subpath}"].${kind}.${key} is ${conditions[kind]?.[key]}, expected ${expected[kind][key]}`,
              ),
          ),
        ];
      });
      expect(problems).toEqual([]);
    });

    it("maps in typesVersions exactly the subpaths of exports, each to its import types", () => {
      const expected = Object.fromEntries(
        entries(manifest)
          .filter(([subpath]) => subpath !== ".")
          .map(([subpath, conditions]) => [subpath.slice(2), [conditions.import?.types ?? ""]]),
      );
      const ranges = Object.keys(manifest.typesVersions ?? {});
      const actual = manifest.typesVersions?.["*"] ?? {};
      const problems = [
        ...ranges.filter((range) => range !== "*").map((range) => `${file}: typesVersions["${range}"]: use "*" only`),
        ...Object.entries(expected)
          .filter(([key, paths]) => JSON.stringify(actual[key]) !== JSON.stringify(paths))
          .map(([key, paths]) =>
            key in actual
              ? `${file}: typesVersions["*"]["${key}"] is ${JSON.stringify(actual[key])}, but exports["./${key}"] has its types at ${JSON.stringify(paths)}`
              : `${file}: typesVersions["*"] lacks "${key}" (exports has "./${key}"): add "${key}": ${JSON.stringify(paths)}`,
          ),
        ...Object.keys(actual)
          .filter((key) => !(key in expected))
          .map((key) => `${file}: typesVersions["*"]["${key}"] names no subpath of exports ("./${key}"): remove it`),
        ...(Object.keys(expected).length === 0 && manifest.typesVersions
          ? [`${file}: typesVersions is not needed, exports has no subpath but "."`]
          : []),
      ];
      expect(problems).toEqual([]);
    });

    it("builds (tsup.config.ts) every subpath of exports from its source, and the bin's program", async () => {
      const config = (await import(pathToFileURL(path.join(ROOT, dir, "tsup.config.ts")).href)).default;
      const built = new Map<string, string>();
      for (const options of [config].flat()) {
        const entry: string[] | Record<string, string> = options.entry ?? [];
        for (const [name, source] of Array.isArray(entry)
          ? entry.map((source) => [source.replace(/^(\.\/)?src\//, "").replace(/\.ts$/, ""), source])
          : Object.entries(entry)) {
          built.set(name!, `./${path.posix.normalize(source!)}`);
        }
      }
      const expected = new Map(entries(manifest).map(([, conditions]) => [builtName(conditions), conditions]));
      const problems = [
        ...[...expected].flatMap(([name, conditions]) =>
          built.get(name) === conditions["@petstore/source"]
            ? []
            : [
                `${dir}/tsup.config.ts builds ${built.has(name) ? `${name} from ${built.get(name)}` : `no ${name}`}, but ${file} exports it from ${conditions["@petstore/source"]}`,
              ],
        ),
        // A bin's program (the CLI, `cli`, launched by the committed bin/ file) is built beside the entries.
        ...[...built.keys()]
          .filter((name) => !expected.has(name) && !(name === "cli" && manifest.bin))
          .map((name) => `${dir}/tsup.config.ts builds ${name}, which no subpath of ${file} exports`),
      ];
      expect(problems).toEqual([]);
    });
  },
);

it("has an entry file in the mock's src/ for each subpath of its exports, and no other but the CLI's", () => {
  const mock = published.find(({ manifest }) => manifest.name === "@petstore/mock")!;
  const sources = entries(mock.manifest).map(([, conditions]) => conditions["@petstore/source"]);
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "src"], {
    cwd: path.join(ROOT, mock.dir),
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => /^src\/[^/]+\.ts$/.test(file) && existsSync(path.join(ROOT, mock.dir, file)))
    .map((file) => `./${file}`);
  expect(
    files
      .filter((file) => file !== "./src/cli.ts" && !sources.includes(file))
      .map(
        (file) => `packages/mock/${file.slice(2)} is no entry: add its subpath to exports, or move it into a folder`,
      ),
  ).toEqual([]);
});
