// The READMEs stay front doors and the docs/ pages stay their reference (issue 45): a published package's README
// is short enough to read in a sitting, every docs/ page is reachable from the index, every link between them lands
// on a file and a heading that exist, and benchmark figures live in bench/RESULTS.md only (a copy drifts).
// Whether their commands and snippets work is readmes.test.ts's job; whether a package README's links work from
// its tarball, packed-readmes.test.ts's.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { linkTargets, listDocsPages, listReadmes, ROOT } from "./support/readme-blocks.js";

/** Past this, a README is a docs page that lost its home: move the reference to docs/ and link it. */
const MAX_PACKAGE_README_LINES = 300;
/** Where absolute links into this repository start (the packages' `repository`). */
const REPOSITORY = "https://github.com/petstore/petstore-sdk";

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const pages = [...new Set([...listReadmes(), ...listDocsPages()])];

it("keeps every published package's README under 300 lines", () => {
  const published = readdirSync(path.join(ROOT, "packages")).filter((dir) => {
    const manifest = path.join(ROOT, "packages", dir, "package.json");
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).private !== true;
  });
  expect(published.length).toBeGreaterThan(3);
  const long = published
    .map((dir) => ({
      readme: `packages/${dir}/README.md`,
      lines: read(`packages/${dir}/README.md`).match(/\n/g)?.length ?? 0,
    }))
    .filter(({ lines }) => lines > MAX_PACKAGE_README_LINES)
    .map(({ readme, lines }) => `${readme}: ${lines} lines; move its reference to a docs/ page and link it`);
  expect(long).toEqual([]);
});

it("links every docs/ page from the index, docs/README.md", () => {
  const index = read("docs/README.md");
  const linked = new Set(
    linkTargets(index).map(({ target }) => path.posix.join("docs", target.replace(/[#?].*$/, ""))),
  );
  expect(listDocsPages().filter((page) => page !== "docs/README.md" && !linked.has(page))).toEqual([]);
});

it("links from the READMEs and docs/ pages only to files and headings that exist", () => {
  const broken: string[] = [];
  for (const page of pages) {
    for (const { line, target } of linkTargets(read(page))) {
      const file = repositoryPath(page, target);
      if (file === undefined) {
        continue; // another site, or a link the page's own host resolves (mailto:, …)
      }
      const [filePart = "", anchor] = file.split("#");
      const where = `${page}:${line}: ${target}`;
      const full = path.join(ROOT, decodeURIComponent(filePart));
      if (!existsSync(full)) {
        broken.push(`${where}: no file ${filePart}`);
      } else if (anchor && filePart.endsWith(".md") && statSync(full).isFile() && !anchorsOf(filePart).has(anchor)) {
        broken.push(`${where}: ${filePart} has no heading #${anchor}`);
      }
    }
  }
  expect(broken).toEqual([]);
});

it("quotes no figure of bench/RESULTS.md: a README links the report instead", () => {
  const results = read("bench/RESULTS.md");
  const forReadme = results.slice(results.indexOf("\n## For the README\n"));
  // The "measured" cells: a ratio (1.05×) or a size (4,084 B, 53.7 kB), each as the report prints it.
  const figures = [
    ...new Set(
      [...forReadme.matchAll(/\|\s*([\d.,]+(?:×| B| kB))(?:\s|\|)/g)]
        .map((match) => match[1] ?? "")
        .filter((figure) => /[.,]/.test(figure) || /B$/.test(figure)),
    ),
  ];
  expect(figures.length, 'bench/RESULTS.md has no table "For the README"').toBeGreaterThan(5);
  const copies = pages.flatMap((page) =>
    read(page)
      .split("\n")
      .flatMap((text, index) =>
        figures
          .filter((figure) => new RegExp(`(^|[^\\d.,])${escapeRegExp(figure)}($|[^\\d])`).test(text))
          .map((figure) => `${page}:${index + 1}: ${figure} (link bench/RESULTS.md instead)`),
      ),
  );
  expect(copies).toEqual([]);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A link's file in the repository (`path#anchor`), or undefined when it leads elsewhere. */
function repositoryPath(page: string, target: string): string | undefined {
  const absolute = new RegExp(`^${escapeRegExp(REPOSITORY)}/(?:blob|tree)/main/([^?]*)(?:\\?[^#]*)?(#.*)?$`).exec(
    target,
  );
  if (absolute) {
    return `${absolute[1]}${absolute[2] ?? ""}`;
  }
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) {
    return undefined;
  }
  if (target.startsWith("#")) {
    return `${page}${target}`;
  }
  const [file = "", anchor] = target.replace(/\?[^#]*/, "").split("#");
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
  return anchor === undefined ? joined : `${joined}#${anchor}`;
}

/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as `-`. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const text of read(file).split("\n")) {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
    }
    const heading = fenced ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) {
      continue;
    }
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
