// This workspace's self-check, as in the other examples: every response of a test's mock that the test
// sees (the page's and the client's) is checked against openapi/petstore.yaml, and a test that got one the
// document does not allow fails. The mock runs in its own process, so the check reads the responses off
// the wire. (A user's suite has no @petstore/contract and needs none of this file.)
import { checkExchange, checkFetchExchange, formatViolation } from "@petstore/contract/checker";
import type { Page, Response as PageResponse } from "@playwright/test";

export class SelfCheck {
  readonly #checks: Promise<string[]>[] = [];

  /** A `fetch` for a client of the mock at `baseUrl`, whose responses are checked. */
  fetchFor(baseUrl: string): (request: Request) => Promise<Response> {
    return async (request) => {
      const response = await fetch(request);
      this.#checks.push(checkFetchExchange(request, response, baseUrl).then((found) => found.map(formatViolation)));
      return response;
    };
  }

  /** Checks the responses `page` gets from the mock at `baseUrl`. */
  watch(page: Page, baseUrl: string): void {
    page.on("response", (response) => {
      if (response.url().startsWith(`${baseUrl}/`)) {
        this.#checks.push(checkPageResponse(response, baseUrl));
      }
    });
  }

  /** Every violation so far, once each response has been read and checked. */
  async violations(): Promise<string[]> {
    return (await Promise.all(this.#checks)).flat();
  }
}

async function checkPageResponse(response: PageResponse, baseUrl: string): Promise<string[]> {
  const url = new URL(response.url());
  const headers = await response.allHeaders(); // lower-case names
  const text = await response.text();
  const found = checkExchange({
    method: response.request().method(),
    path: url.pathname,
    query: url.searchParams,
    baseUrl,
    status: response.status(),
    header: (name) => headers[name.toLowerCase()] ?? null,
    body: undefined,
    raw: { text, contentType: headers["content-type"] ?? null },
  });
  return found.map(formatViolation);
}
