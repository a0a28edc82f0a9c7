// @ts-check
// Compiles consumer code against the types a document generates, in this process: one TypeScript language service
// over the workspace's sources (the packages resolve to their `src/` through the `@petstore/source` condition), with
// the generated files and the consumer modules laid over the disk in memory. Between two documents only the laid-over
// files change version, so the service parses the libraries and the packages' other sources once.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROOT } from "./root.js";

export { ROOT };

/** Where the consumer modules are laid (in memory only): under the root, so the packages resolve as for a test. */
const SNIPPETS = path.join(ROOT, "test/.tmp/api-diff");

/** @type {ts.CompilerOptions} */
const OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ["@petstore/source"],
  moduleDetection: ts.ModuleDetectionKind.Force,
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  allowJs: true,
  noEmit: true,
  // The TSX of the READMEs and the examples' apps, with React's automatic runtime as their own configs have it.
  jsx: ts.JsxEmit.ReactJSX,
  types: [],
};
/**
 * What the consumer code takes from its environment, declared so that it merges with Node's types where a consumer
 * file brings them in (vitest's, @petstore/mock/node's) and stands alone where none does (@types/node, vite/client,
 * vitest/globals, Next.js's types: hundreds of files to parse): the `x-codeSamples`, run by Node where both variables
 * are set, read `process.env`; the Vite apps `import.meta.env`; the READMEs' test snippets use vitest's hooks; the
 * Next.js app passes `fetch` Next's `next` option.
 */
const AMBIENT = `declare namespace NodeJS {
  interface ProcessEnv { PETSTORE_BASE_URL: string; PETSTORE_API_KEY: string; [name: string]: string | undefined }
  interface Process { env: ProcessEnv }
}
declare var process: NodeJS.Process;
interface ImportMeta { readonly env: { readonly [name: string]: string | undefined } }
interface RequestInit { next?: { revalidate?: number | false; tags?: string[] } }
declare function beforeAll(run: () => unknown): void;
declare function beforeEach(run: () => unknown): void;
declare function afterEach(run: () => unknown): void;
declare function afterAll(run: () => unknown): void;
`;

/** @typedef {{ file: string, line: number, text: string, message: string }} TypeError */
/** A module laid under test/.tmp/api-diff (its text), or a file of the repository at its path (consumer-files.js). */
/** @typedef {string | { path: string, text: string }} Module */

/**
 * A type checker of consumer modules against the types of any document.
 * @returns {{ check(generated: Record<string, string>, modules: Record<string, Module>): Record<string, TypeError[]> }}
 */
export function createTypeChecker() {
  /** @type {Map<string, { text: string, version: number }>} */
  const overlay = new Map();
  const set = (/** @type {string} */ file, /** @type {string} */ text) => {
    const was = overlay.get(file);
    if (was?.text !== text) {
      overlay.set(file, { text, version: (was?.version ?? 0) + 1 });
    }
  };
  /** @type {string[]} */
  let roots = [];
  /** @type {ts.LanguageServiceHost} */
  const host = {
    getCompilationSettings: () => OPTIONS,
    getScriptFileNames: () => roots,
    getScriptVersion: (file) => String(overlay.get(file)?.version ?? 0),
    getScriptSnapshot: (file) => {
      const text = overlay.get(file)?.text ?? ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => ROOT,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => overlay.has(file) || ts.sys.fileExists(file),
    readFile: (file) => overlay.get(file)?.text ?? ts.sys.readFile(file),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return {
    check(generated, modules) {
      for (const [file, text] of Object.entries(generated)) {
        set(path.join(ROOT, file), text);
      }
      set(path.join(SNIPPETS, "ambient.d.ts"), AMBIENT);
      roots = Object.entries(modules).map(([name, module]) => {
        const file = typeof module === "string" ? path.join(SNIPPETS, name) : module.path;
        set(file, typeof module === "string" ? module : module.text);
        return file;
      });
      roots.push(path.join(SNIPPETS, "ambient.d.ts"));
      /** @type {Record<string, TypeError[]>} */
      const errors = {};
      for (const [index, name] of Object.keys(modules).entries()) {
        const file = /** @type {string} */ (roots[index]);
        const lines = (overlay.get(file)?.text ?? "").split("\n");
        errors[name] = service
          .getSemanticDiagnostics(file)
          .concat(service.getSyntacticDiagnostics(file))
          .map((diagnostic) => {
            const line = diagnostic.file
              ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line
              : 0;
            return {
              file: name,
              line: line + 1,
              text: (lines[line] ?? "").trim(),
              message: ts.flattenDiagnosticMessageText(diagnostic.messageText, " "),
            };
          });
      }
      return errors;
    },
  };
}

/** The generated files as they are on disk (what the workspace's sources compile against). @param {string[]} files */
export const onDisk = (files) =>
  Object.fromEntries(files.map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
