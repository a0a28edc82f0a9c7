// @ts-check
// The consumer code of the repository that the change gate compiles beside its probes (type-verdicts.js): the README
// and docs/ TypeScript and TSX snippets that use @petstore/sdk or @petstore/query (each README's snippets as the one
// module its test builds), the examples' apps (their sources that import them) and the SDK's and the query package's
// type tests (`*.test-d.ts`). Each keeps its path in the repository, and a README module the README line of each line.
// The files are those of the working tree, read as they were at a git ref when one is given (the base's: the code
// written against the previous version); a file the ref does not have is left out.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildModule, listReadmes, readBlocks } from "./readme-blocks.js";
import { ROOT } from "./root.js";

/**
 * @typedef {object} ConsumerFile
 * @property {string} path where the language service reads it (a README's module: beside the README, in memory)
 * @property {string} text
 * @property {"readme" | "example" | "type-test"} kind
 * @property {number[]} [origins] a README module's README line of each of its lines (0: a line the module adds)
 */

/** Code that uses the packages whose types the document generates. */
const USES = /from "@petstore\/(?:sdk|query)(?:\/[\w-]+)?"/;
/** Where the examples keep their apps' sources. */
const APP_FOLDERS = ["src", "app", "lib"];
/** The packages whose generated types the gate lays over (generated-types.js), and so whose type tests it compiles. */
const TYPED_PACKAGES = ["sdk", "query"];

/**
 * The files under a folder of the repository whose names end in one of the endings, node_modules and dot folders aside.
 * @param {string} dir
 * @param {RegExp} name
 * @returns {string[]}
 */
function filesUnder(dir, name) {
  /** @type {import("node:fs").Dirent[]} */
  let entries;
  try {
    entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.name !== "node_modules" && !entry.name.startsWith("."))
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(`${dir}/${entry.name}`, name)
        : name.test(entry.name)
          ? [`${dir}/${entry.name}`]
          : [],
    )
    .sort();
}

/**
 * Each README's snippets as one module (those a README's test type-checks: not skipped, not an excerpt of a file,
 * which is compiled as itself), when they use the packages; laid beside the README so they resolve as its package's.
 * @param {(file: string) => string | undefined} read
 * @returns {Record<string, ConsumerFile>}
 */
function readmeModules(read) {
  /** @type {Record<string, ConsumerFile>} */
  const modules = {};
  for (const readme of listReadmes()) {
    const text = read(readme);
    const snippets = (text === undefined ? [] : readBlocks(readme, text)).filter(
      (block) =>
        block.lang !== "sh" && !block.directive?.startsWith("skip") && !block.directive?.startsWith("excerpt of"),
    );
    const module = buildModule(snippets);
    if (snippets.length > 0 && USES.test(module.source)) {
      const ending = snippets.some((block) => block.lang === "tsx") ? ".tsx" : ".ts";
      const file = path.join(ROOT, path.dirname(readme), ".api-diff", `${path.basename(readme)}${ending}`);
      modules[readme] = { path: file, text: module.source, kind: "readme", origins: module.origins };
    }
  }
  return modules;
}

/**
 * The text of files at a git ref, read in one `git cat-file --batch`; a file the ref lacks is not in the map.
 * @param {string} ref
 * @param {string[]} files
 * @returns {Map<string, string>}
 */
function filesAt(ref, files) {
  const input = files.map((file) => `${ref}:${file}\n`).join("");
  const out = execFileSync("git", ["cat-file", "--batch"], { cwd: ROOT, input, maxBuffer: 1 << 28 });
  /** @type {Map<string, string>} */
  const texts = new Map();
  let at = 0;
  for (const file of files) {
    const end = out.indexOf(10, at);
    const header = out.subarray(at, end).toString("utf8");
    const size = / blob (\d+)$/.exec(header)?.[1];
    at = end + 1;
    if (size !== undefined) {
      texts.set(file, out.subarray(at, at + Number(size)).toString("utf8"));
      at += Number(size) + 1;
    }
  }
  return texts;
}

/**
 * The consumer code of the repository, by its path there.
 * @param {string} [ref] a git ref to read the files at (by default the working tree)
 * @returns {Record<string, ConsumerFile>}
 */
export function consumerFiles(ref) {
  const examples = readdirSync(path.join(ROOT, "examples")).flatMap((example) =>
    APP_FOLDERS.flatMap((folder) => filesUnder(`examples/${example}/${folder}`, /(?<!\.d)\.tsx?$/)),
  );
  const typeTests = TYPED_PACKAGES.flatMap((name) => filesUnder(`packages/${name}/test`, /\.test-d\.ts$/));
  const atRef = ref === undefined ? undefined : filesAt(ref, [...listReadmes(), ...examples, ...typeTests]);
  const read = (/** @type {string} */ file) => (atRef ? atRef.get(file) : readFileSync(path.join(ROOT, file), "utf8"));
  /** @type {Record<string, ConsumerFile>} */
  const files = readmeModules(read);
  for (const [file, kind] of [
    ...examples.map((file) => /** @type {const} */ ([file, "example"])),
    ...typeTests.map((file) => /** @type {const} */ ([file, "type-test"])),
  ]) {
    const text = read(file);
    if (text !== undefined && (kind === "type-test" || USES.test(text))) {
      files[file] = { path: path.join(ROOT, file), text, kind };
    }
  }
  return files;
}
