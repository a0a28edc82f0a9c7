import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { answerPage, type Backend, type Lists, onePet, onPath, type Takeover } from "../support/hostile-backend.js";
import { hostileCapture } from "../support/hostile-capture.js";

// Issue 47, items 1, 6 and 7: the capture's reads end whatever the backend does with its paging, its answers'
// size and its pace; every loop has a bound of its own. On a real socket; each test failed before its fix.
const { backend, runCapture } = hostileCapture("paging");
const pets = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Pet ${index + 1}`,
    categoryId: 1,
    status: "available",
  }));
const withPets = (count: number): Lists => ({
  ...onePet(),
  pets: pets(count),
  inventory: pets(count).map((pet) => ({ petId: pet.id, quantity: 1, status: "available" })),
});
/** Answers GET /pets with `page(url)`: its records and the Link header it names. */
const petsPaged =
  (page: (url: URL) => { records: unknown[]; link?: string }): Takeover =>
  (_request, response, url) => {
    if (!url.pathname.endsWith("/pets")) {
      return false;
    }
    const { records, link } = page(url);
    response.writeHead(200, { "content-type": "application/json", ...(link ? { link } : {}) });
    response.end(JSON.stringify(records));
    return true;
  };
const count = (backend: Backend, path: string) => backend.requests.filter((request) => request.startsWith(path)).length;

describe("paging that does not advance", () => {
  it("stops at a next link to the same page, and reports it naming the URL", async () => {
    const looping = await backend(onePet(), {
      takeover: petsPaged((url) => ({ records: pets(1), link: `<${url.href}>; rel="next"` })),
    });
    const { status, stdout, state } = await runCapture(looping.url);
    expect(status).toBe(1);
    expect(stdout).toContain(`leads back to ${looping.url}/pets?limit=100, a page already read`);
    expect(count(looping, "/pets?")).toBe(2);
    expect(state!.pets).toHaveLength(1);
  });

  it("stops at A → B → A", async () => {
    const looping = await backend(onePet(), {
      takeover: petsPaged((url) =>
        url.searchParams.has("offset")
          ? { records: [pets(2)[1]], link: `<${url.origin}/pets?limit=100>; rel="next"` }
          : { records: pets(1), link: `<${url.origin}/pets?limit=100&offset=100>; rel="next"` },
      ),
    });
    const { status, stdout } = await runCapture(looping.url);
    expect(status).toBe(1);
    expect(stdout).toContain(`leads back to ${looping.url}/pets?limit=100, a page already read`);
    expect(count(looping, "/pets?")).toBe(3);
  });

  it("stops every list when one fails: nothing goes on reading after the exit", async () => {
    const endless: Takeover = (request, response, url) => {
      if (url.pathname === "/store/orders") {
        setTimeout(() => response.writeHead(500).end('{"code":"INTERNAL","message":"down","status":500}'), 200);
        return true;
      }
      const offset = Number(url.searchParams.get("offset") ?? 0);
      return petsPaged(() => ({
        records: [{ ...pets(1)[0], id: offset + 1 }],
        link: `<${url.origin}/pets?limit=100&offset=${offset + 1}>; rel="next"`,
      }))(request, response, url);
    };
    const failing = await backend(onePet(), { takeover: endless });
    const { status, stderr } = await runCapture(failing.url);
    expect(status).toBe(2);
    expect(stderr).toContain(`GET ${failing.url}/store/orders?limit=100 answered 500`);
    // A request sent as the capture stopped may still arrive; none after it.
    await sleep(300);
    const read = count(failing, "/pets?");
    await sleep(500);
    expect(count(failing, "/pets?")).toBe(read);
  });
});

describe("a list asked to wait", () => {
  it("waits no longer once another list failed", async () => {
    const waiting: Takeover = (_request, response, url) => {
      if (url.pathname === "/store/orders") {
        response.writeHead(429, { "content-type": "application/json", "retry-after": "10" });
        response.end('{"code":"TOO_MANY_REQUESTS","message":"later","status":429}');
        return true;
      }
      if (url.pathname === "/categories") {
        setTimeout(() => response.writeHead(500).end('{"code":"INTERNAL","message":"down","status":500}'), 300);
        return true;
      }
      return false;
    };
    const failing = await backend(onePet(), { takeover: waiting });
    const { status, stderr, ms } = await runCapture(failing.url);
    expect(status).toBe(2);
    expect(stderr).toContain(`GET ${failing.url}/categories?limit=100 answered 500`);
    // Three waits of Retry-After's 10 s each before; the bound is generous, not a timing.
    expect(ms).toBeLessThan(9000);
  }, 40_000);
});

describe("paging that advances a record at a time", () => {
  it("stops at the pages that would hold the document's cap, and reports it", async () => {
    const trickling = await backend(onePet(), {
      takeover: onPath("/categories", (response, url) => {
        const offset = Number(url.searchParams.get("offset") ?? 0);
        response.writeHead(200, {
          "content-type": "application/json",
          link: `<${url.origin}/categories?limit=100&offset=${offset + 1}>; rel="next"`,
        });
        response.end(JSON.stringify([{ id: offset + 1, name: `Category ${offset + 1}` }]));
      }),
    });
    const { status, stdout } = await runCapture(trickling.url);
    expect(status).toBe(1);
    // 10,000 categories at most, 100 a page: 101 pages.
    expect(count(trickling, "/categories?")).toBe(101);
    expect(stdout).toContain("101 pages held 101 records and the list went on");
  }, 30_000);
});

describe("next links", () => {
  it("are resolved against the page's URL, below a base path", async () => {
    const relative = (link: (next: URL) => string): Takeover => {
      const lists = withPets(250);
      return (_request, response, url) => {
        if (url.pathname !== "/api/pets") {
          return false;
        }
        answerPage(response, lists.pets, url, link);
        return true;
      };
    };
    for (const link of [
      (next: URL) => next.search,
      (next: URL) => `${next.pathname}${next.search}`,
      (next: URL) => `pets${next.search}`,
    ]) {
      const api = await backend(withPets(250), { basePath: "/api", takeover: relative(link) });
      const { state, stderr } = await runCapture(api.url);
      expect(state?.pets, stderr).toHaveLength(250);
      expect(api.requests.filter((request) => request.startsWith("/api/pets?limit=100"))).toEqual([
        "/api/pets?limit=100",
        "/api/pets?limit=100&offset=100",
        "/api/pets?limit=100&offset=200",
      ]);
    }
  });

  it("outside the base path are not followed, and reported", async () => {
    const api = await backend(withPets(250), {
      basePath: "/api",
      takeover: onPath("/api/pets", (response, url) =>
        answerPage(response, pets(250), url, (next) => `/pets${next.search}`),
      ),
    });
    const { status, stdout } = await runCapture(api.url);
    expect(status).toBe(1);
    expect(stdout).toContain(
      `leads outside the base URL ${api.url} (${new URL(api.url).origin}/pets?limit=100&offset=100)`,
    );
    expect(api.requests.filter((request) => !request.startsWith("/api/"))).toEqual([]);
  });

  it("to another origin are not followed, and reported", async () => {
    const elsewhere = await backend(withPets(150));
    const leading = await backend(onePet(), {
      takeover: petsPaged(() => ({
        records: pets(1),
        link: `<${elsewhere.url}/pets?limit=100&offset=100>; rel="next"`,
      })),
    });
    const { status, stdout } = await runCapture(leading.url);
    expect(status).toBe(1);
    expect(stdout).toContain(`leads to another origin, ${elsewhere.url}: not followed`);
    expect(elsewhere.requests).toEqual([]);
  });
});

describe("--max-per-collection", () => {
  it("stops reading once the lists hold what the cap keeps", async () => {
    const lists = withPets(2000);
    // 500 orders of pets the cap leaves out come first, then one of each of the 10 pets it keeps (page 6).
    const order = (id: number, petId: number) => ({ id, petId, quantity: 1, complete: true });
    lists.orders = [
      ...Array.from({ length: 500 }, (_, index) => order(index + 1, 11 + (index % 50))),
      ...Array.from({ length: 10 }, (_, index) => order(501 + index, index + 1)),
      ...Array.from({ length: 1000 }, (_, index) => order(511 + index, 100 + index)),
    ];
    const capped = await backend(lists);
    const { status, state, stderr } = await runCapture(capped.url, "--max-per-collection", "10");
    expect(status, stderr).toBe(0);
    expect(state!.pets.map((pet) => pet.id)).toEqual(pets(10).map((pet) => pet.id));
    expect(state!.orders.map((kept) => kept.petId)).toEqual(pets(10).map((pet) => pet.id));
    expect(state!.inventory).toHaveLength(10);
    // The probe, one page of the pets, the categories and the inventory, and the 6 pages of orders up to the kept pets'.
    expect(capped.requests.length).toBe(10);
  });
});

describe("answers too large or too slow", () => {
  it("refuses a page past 8 MiB, naming the URL and the bound", async () => {
    const flooding = await backend(onePet(), {
      takeover: (_request, response, url) => {
        if (url.pathname !== "/store/orders") {
          return false;
        }
        response.writeHead(200, { "content-type": "application/json" });
        response.end(`[${'"x",'.repeat(3 * 1024 * 1024)}"x"]`);
        return true;
      },
    });
    const { status, stderr, state } = await runCapture(flooding.url);
    expect(status).toBe(2);
    expect(stderr).toContain(`GET ${flooding.url}/store/orders?limit=100: the answer is larger than 8 MiB`);
    expect(state).toBeUndefined();
  });

  it.each([
    [
      "lists more records than a page holds",
      `[${"0,".repeat(4_000_000)}0]`,
      "lists 4000001 records, more than the 100 a page holds",
    ],
    [
      "nests deeper than any body of the document",
      `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`,
      "nests deeper than 32 levels",
    ],
  ])(
    "refuses an answer that %s, before checking it",
    async (_, body, says) => {
      const flooding = await backend(onePet(), {
        takeover: onPath("/store/orders", (response) =>
          response.writeHead(200, { "content-type": "application/json" }).end(body),
        ),
      });
      const { status, stderr } = await runCapture(flooding.url);
      expect(status).toBe(2);
      expect(stderr).toContain(`GET ${flooding.url}/store/orders?limit=100: the answer ${says}; refused`);
    },
    30_000,
  );

  it.each([
    ["sends no headers", () => {}],
    ["stops mid-body", (response: Parameters<Takeover>[1]) => response.writeHead(200).write("[")],
    [
      "trickles a byte every 100 ms",
      (response: Parameters<Takeover>[1]) => {
        response.writeHead(200).write("[");
        const trickle = setInterval(() => response.write(" "), 100);
        response.on("close", () => clearInterval(trickle));
      },
    ],
  ])("gives up within --timeout when the backend %s", async (_, stall) => {
    const stalling = await backend(onePet(), {
      takeover: onPath("/store/orders", stall),
    });
    const { status, stderr, ms } = await runCapture(stalling.url, "--timeout", "1");
    expect(status).toBe(2);
    expect(stderr).toContain(`GET ${stalling.url}/store/orders?limit=100: no whole answer within 1 s`);
    // The bound: the request timeout plus 5 s.
    expect(ms).toBeLessThan(6000);
  });
});
