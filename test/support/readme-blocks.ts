// Reads the fenced code blocks of the READMEs (with @petstore/contract's reader, which the change gate shares) and
// turns shell blocks into the steps the test runs.
// The convention is described in ../readmes.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

import type { Block } from "@petstore/contract/readme-blocks";

export { listDocsPages, listReadmes, readBlocks } from "@petstore/contract/readme-blocks";
export type { Block };

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
