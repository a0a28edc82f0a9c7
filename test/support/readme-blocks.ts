// Reads the fenced code blocks of the READMEs and turns shell blocks into the steps the test runs.
// The convention is described in ../readmes.test.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type Block = {
  /** README path relative to the repository root. */
  readme: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: "sh" | "ts" | "tsx";
  lines: string[];
  /** The `<!-- readme-test: ... -->` comment just above the fence, if any. */
  directive?: string;
};

/** Every README the test covers: the root one, each package's, each example's, and every page of docs/. */
export function listReadmes(): string[] {
  const inFolders = (folder: string) =>
    readdirSync(path.join(ROOT, folder))
      .map((name) => `${folder}/${name}/README.md`)
      .filter((file) => existsSync(path.join(ROOT, file)))
      .sort();
  return ["README.md", ...inFolders("packages"), ...inFolders("examples"), ...listDocsPages()];
}

/** Every Markdown page under docs/ (its README, the index, first), outside node_modules and the built site. */
export function listDocsPages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => !["node_modules", "dist", "test"].includes(entry.name) && !entry.name.startsWith("."))
      .flatMap((entry) =>
        entry.isDirectory() ? walk(`${dir}/${entry.name}`) : entry.name.endsWith(".md") ? [`${dir}/${entry.name}`] : [],
      );
  return walk("docs").sort((a, b) => (a === "docs/README.md" ? -1 : b === "docs/README.md" ? 1 : a.localeCompare(b)));
}

const LANGS: Record<string, Block["lang"]> = {
  sh: "sh",
  bash: "sh",
  shell: "sh",
  ts: "ts",
  typescript: "ts",
  tsx: "tsx",
};
const DIRECTIVE = /^<!--\s*readme-test:\s*(.*?)\s*-->$/;

/** The shell, TypeScript and TSX blocks of one README; other blocks (plain usage lines, tables) are prose. */
export function readBlocks(readme: string): Block[] {
  const text = readFileSync(path.join(ROOT, readme), "utf8").split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < text.length; i++) {
    // A backtick fence's info string has no backtick (CommonMark), so inline ```` ```ts ```` is not a fence.
    const open = /^```([^`\s]*)[^`]*$/.exec(text[i] ?? "");
    if (!open) {
      continue;
    }
    const start = i;
    const lines: string[] = [];
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

export type ShellCommand = {
  /** 1-based README line of the command. */
  line: number;
  text: string;
  /** True after a `# in your app` comment: the command runs in a fresh app folder outside the workspace. */
  inApp: boolean;
  /** From a trailing `# prints TEXT`: a line the command must print. */
  prints?: string;
};

/** The commands of a shell block, one per line (a trailing `\` continues it), comments dropped. */
export function shellCommands(block: Block): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let inApp = false;
  let pending: ShellCommand | undefined;
  block.lines.forEach((raw, index) => {
    const line = block.line + 1 + index;
    const trimmed = raw.trim();
    if (!pending && trimmed.startsWith("#")) {
      if (/^#\s*in your app\b/i.test(trimmed)) {
        inApp = true;
      }
      return;
    }
    if (!pending && trimmed === "") {
      return;
    }
    // A comment after the command (`pnpm start   # terminal 1`) is for the reader, except `# prints TEXT`.
    const comment = /\s+#\s(.*)$/.exec(raw);
    const prints = /^prints\s+(.+)$/.exec(comment?.[1]?.trim() ?? "")?.[1];
    const code = (comment ? raw.slice(0, comment.index) : raw).trim();
    const continued = code.endsWith("\\");
    const piece = continued ? code.slice(0, -1).trim() : code;
    pending = pending ? { ...pending, text: `${pending.text} ${piece}` } : { line, text: piece, inApp };
    if (prints) {
      pending.prints = prints;
    }
    if (!continued) {
      commands.push(pending);
      pending = undefined;
    }
  });
  return commands;
}

/** `a && b` → ["a", "b"] (the READMEs use no other shell operators between steps). */
export function splitSteps(command: string): string[] {
  return command.split(/\s+&&\s+/).map((step) => step.trim());
}

/** The root package.json scripts. */
export function rootScripts(): Record<string, string> {
  return JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts;
}

/** The targets of a Markdown text's links and images, `[text](target)`, `<a href="target">`, outside code blocks. */
export function linkTargets(markdown: string): { line: number; target: string }[] {
  const lines = markdown.split("\n");
  let fenced = false;
  return lines.flatMap((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return [];
    }
    if (fenced) {
      return [];
    }
    const prose = text.replace(/`[^`]*`/g, "");
    return [
      ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
      ...[...prose.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]!),
    ].map((target) => ({ line: index + 1, target }));
  });
}
