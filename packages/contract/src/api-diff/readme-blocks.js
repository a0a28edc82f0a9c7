// @ts-check
// The fenced code blocks of the READMEs and docs/ pages, and the one module a README's TypeScript snippets form (like
// a doc-test): what the READMEs' test (test/readmes.test.ts, through test/support/) type-checks and runs, and what the
// change gate (consumer-files.js) compiles against a new document's types.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./root.js";

/**
 * @typedef {object} Block
 * @property {string} readme README path relative to the repository root.
 * @property {number} line 1-based line of the opening fence.
 * @property {"sh" | "ts" | "tsx"} lang
 * @property {string[]} lines
 * @property {string} [directive] The `<!-- readme-test: ... -->` comment just above the fence, if any.
 */
/**
 * @typedef {object} Module
 * @property {string} source
 * @property {number[]} origins README line of each line of `source` (1-based; 0 for lines the module adds).
 */

/** Every Markdown page under docs/ (its README, the index, first), outside node_modules and the built site. */
export function listDocsPages() {
  /** @param {string} dir @returns {string[]} */
  const walk = (dir) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => !["node_modules", "dist", "test"].includes(entry.name) && !entry.name.startsWith("."))
      .flatMap((entry) =>
        entry.isDirectory() ? walk(`${dir}/${entry.name}`) : entry.name.endsWith(".md") ? [`${dir}/${entry.name}`] : [],
      );
  return walk("docs").sort((a, b) => (a === "docs/README.md" ? -1 : b === "docs/README.md" ? 1 : a.localeCompare(b)));
}

/** Every README the READMEs' test covers: the root one, each package's, each example's, and every page of docs/. */
export function listReadmes() {
  /** @param {string} folder */
  const inFolders = (folder) =>
    readdirSync(path.join(ROOT, folder))
      .map((name) => `${folder}/${name}/README.md`)
      .filter((file) => existsSync(path.join(ROOT, file)))
      .sort();
  return ["README.md", ...inFolders("packages"), ...inFolders("examples"), ...listDocsPages()];
}

/** @type {Record<string, Block["lang"]>} */
const LANGS = { sh: "sh", bash: "sh", shell: "sh", ts: "ts", typescript: "ts", tsx: "tsx" };
const DIRECTIVE = /^<!--\s*readme-test:\s*(.*?)\s*-->$/;

/**
 * The shell, TypeScript and TSX blocks of one README; other blocks (plain usage lines, tables) are prose.
 * @param {string} readme
 * @param {string} [source] the README's text (by default, as it is on disk)
 * @returns {Block[]}
 */
export function readBlocks(readme, source = readFileSync(path.join(ROOT, readme), "utf8")) {
  const text = source.split("\n");
  /** @type {Block[]} */
  const blocks = [];
  for (let i = 0; i < text.length; i++) {
    // A backtick fence's info string has no backtick (CommonMark), so inline ```` ```ts ```` is not a fence.
    const open = /^```([^`\s]*)[^`]*$/.exec(text[i] ?? "");
    if (!open) {
      continue;
    }
    const start = i;
    /** @type {string[]} */
    const lines = [];
    for (i++; i < text.length && !/^```\s*$/.test(text[i] ?? ""); i++) {
      lines.push(text[i] ?? "");
    }
    const lang = LANGS[open[1] ?? ""];
    if (!lang) {
      continue;
    }
    let above = start - 1;
    while (above >= 0 && text[above]?.trim() === "") {
      above--;
    }
    const directive = DIRECTIVE.exec(text[above]?.trim() ?? "")?.[1];
    blocks.push({ readme, line: start + 1, lang, lines, ...(directive === undefined ? {} : { directive }) });
  }
  return blocks;
}

const IMPORT = /^import \{([^}]+)\} from "([^"]+)";\s*$/;

/**
 * The TypeScript snippets of one README as one module, like a doc-test: the snippets in order, their single-line
 * `import { … } from "…"` statements merged at the top so each snippet may import what it uses. A TSX snippet is a
 * block scope of its own (`{ … }`): it sees what the TypeScript snippets declare and may declare the same names again.
 * @param {Block[]} blocks
 * @returns {Module}
 */
export function buildModule(blocks) {
  /** @type {Map<string, { names: Set<string>, line: number }>} */
  const imports = new Map();
  /** @type {string[]} */
  const body = [];
  /** @type {number[]} */
  const bodyOrigins = [];
  for (const block of blocks) {
    const scoped = block.lang === "tsx";
    if (scoped) {
      body.push("{");
      bodyOrigins.push(0);
    }
    block.lines.forEach((text, index) => {
      const line = block.line + 1 + index;
      const match = IMPORT.exec(text);
      if (match) {
        const [, names = "", from = ""] = match;
        const entry = imports.get(from) ?? { names: new Set(), line };
        for (const name of names.split(",")) {
          if (name.trim()) {
            entry.names.add(name.trim());
          }
        }
        imports.set(from, entry);
        return;
      }
      body.push(text);
      bodyOrigins.push(line);
    });
    if (scoped) {
      body.push("}");
      bodyOrigins.push(0);
    }
  }
  const importLines = [...imports].map(([from, { names }]) => `import { ${[...names].join(", ")} } from "${from}";`);
  return {
    source: `${[...importLines, ...body].join("\n")}\n`,
    origins: [...[...imports.values()].map((entry) => entry.line), ...bodyOrigins],
  };
}
