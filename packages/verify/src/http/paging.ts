// Following a list's `Link` rel=next: the target is resolved against the page's own URL (RFC 3986), and
// followed only when it stays below the base URL and leads to a page not read yet, so a backend whose
// paging loops (a page naming itself, A → B → A) or leads elsewhere ends the list's read, reported.

/** The next page, below the base URL (`/pets?limit=100&offset=100`), or why it is not followed. */
export type NextPage = { url: string } | { refused: string };

export function nextPage(baseUrl: string, pageUrl: string, uri: string, visited: ReadonlySet<string>): NextPage {
  const said = `Link rel=next of GET ${pageUrl}`;
  let target: URL;
  try {
    target = new URL(uri, pageUrl);
  } catch {
    return { refused: `${said} is not a URL (${JSON.stringify(uri.slice(0, 200))}): not followed` };
  }
  target.hash = "";
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, "");
  if (target.origin !== base.origin) {
    return { refused: `${said} leads to another origin, ${target.origin}: not followed` };
  }
  if (target.pathname !== basePath && !target.pathname.startsWith(`${basePath}/`)) {
    return { refused: `${said} leads outside the base URL ${baseUrl} (${target.href}): not followed` };
  }
  if (visited.has(target.href)) {
    return { refused: `${said} leads back to ${target.href}, a page already read: the paging does not advance` };
  }
  return { url: `${target.pathname.slice(basePath.length)}${target.search}` };
}

/** The absolute form of a URL below the base URL, as `visited` holds it. */
export const absolute = (baseUrl: string, url: string) => new URL(`${baseUrl}${url}`).href;
