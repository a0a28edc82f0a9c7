// 16. Capture of one pet's orders: `petstore-verify capture` (the built CLI, a process of its own) against a
// backend on a socket that serves one pet with 100,000 orders (the document's cap), 100 a page: once all
// complete (each kept), once all open on a sold pet (each left out, and reported). Capture was quadratic in
// one pet's orders (20,000 took 16–28 s); the target is under 10 s for 100,000, process start included.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { log, median, ROOT } from "./lib/common.mjs";

const CLI = `${ROOT}packages/verify/dist/cli.js`;
const PAGE = 100;

/** The four lists of one pet with `orders` orders, as page bodies by path and offset. */
function backendLists(orders, { sold }) {
  const status = sold ? "sold" : "available";
  return {
    "/categories": [{ id: 1, name: "Dogs" }],
    "/pets": [{ id: 1, name: "Rex", categoryId: 1, status }],
    "/store/orders": Array.from({ length: orders }, (_, index) => ({
      id: index + 1,
      petId: 1,
      quantity: 1,
      complete: !sold,
    })),
    "/store/inventory": [{ petId: 1, quantity: 0, status }],
  };
}

async function startBackend(lists) {
  const server = createServer((request, response) => {
    const url = new URL(request.url, "http://127.0.0.1");
    const records = lists[url.pathname] ?? [];
    const limit = Math.min(PAGE, Number(url.searchParams.get("limit") ?? 20));
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const headers = { "content-type": "application/json", "x-total-count": `${records.length}` };
    const link = (to, rel) => `<${origin}${url.pathname}?limit=${limit}&offset=${to}>; rel="${rel}"`;
    const links = [
      ...(offset + limit < records.length ? [link(offset + limit, "next")] : []),
      ...(offset > 0 ? [link(Math.max(0, offset - limit), "prev")] : []),
    ];
    if (links.length > 0) {
      headers.link = links.join(", ");
    }
    response.writeHead(200, headers).end(JSON.stringify(records.slice(offset, offset + limit)));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Seconds from spawning the capture to its exit, and its exit status. */
async function timedCapture(origin, out) {
  const started = performance.now();
  const args = [CLI, "capture", "--base-url", origin, "--api-key", "bench-key", "--out", out, "--rate", "100000"];
  const status = await promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }).then(
    () => 0,
    (error) => error.code,
  );
  return { seconds: (performance.now() - started) / 1000, status };
}

export default async function captureOrders({ smoke }) {
  if (!existsSync(CLI)) {
    throw new Error(`${CLI} is missing: run pnpm build first`);
  }
  const orders = smoke ? 2000 : 100_000;
  const runs = smoke ? 1 : 3;
  const folder = mkdtempSync(join(tmpdir(), "petstore-bench-capture-"));
  const results = {};
  try {
    for (const [name, sold] of [
      ["complete", false],
      ["sold", true],
    ]) {
      const backend = await startBackend(backendLists(orders, { sold }));
      const times = [];
      let status;
      try {
        for (let run = 0; run < runs; run++) {
          ({ status, seconds: times[run] } = await timedCapture(backend.origin, join(folder, `${name}.json`)));
        }
      } finally {
        await backend.close();
      }
      results[name] = { seconds: median(times), times, status };
      log(
        `capture, one pet with ${orders} ${name === "sold" ? "open orders of a sold pet" : "complete orders"}: ${median(times).toFixed(1)} s (exit ${status})`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { orders, runs, ...results };
}
