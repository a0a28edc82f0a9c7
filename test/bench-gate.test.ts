// The regression gate's rule (bench/lib/gate/verdict.mjs): `pnpm bench:smoke` fails CI only when a build's CPU per
// request is over 1.15× the previous build's AND every interleaved round is over 1.00×; either alone is noise. The smoke
// run stops a target's rounds once those measured settle it (settled()): never where all the rounds could regress.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { sendRequests } from "../bench/lib/gate/load.mjs";
import { regressed, settled, WORSE } from "../bench/lib/gate/verdict.mjs";

it("fails a build whose every round is slower and whose median is over 1.15×", () => {
  expect(WORSE).toBe(1.15);
  expect(regressed([1.2, 1.31, 1.16, 1.4, 1.01])).toBe(true);
});

it("passes a build with one round at or under 1.00×, however slow the median", () => {
  expect(regressed([1.5, 1.6, 1.0, 1.7, 1.8])).toBe(false);
});

it("passes a build slower in every round by 15 % or less (the median), and a build with no rounds", () => {
  expect(regressed([1.15, 1.1, 1.3, 1.02, 1.4])).toBe(false);
  expect(regressed([])).toBe(false);
});

it("settles a target as passing once a round is at or under 1.00×, or most of the rounds at or under 1.15×", () => {
  expect(settled([], 5)).toBe(false);
  expect(settled([0.98], 5)).toBe(true);
  expect(settled([1.1, 1.12], 5)).toBe(false);
  expect(settled([1.1, 1.12, 1.05], 5)).toBe(true);
  expect(settled([1.1, 1.3, 1.12], 4)).toBe(false);
  expect(settled([1.1, 1.3, 1.12, 1.14], 4)).toBe(true);
});

it("settles no rounds that some rounds after them would make a regression (every sequence over a grid)", () => {
  const grid = [0.9, 1, 1.1, WORSE, 1.2, 1.5];
  for (const count of [1, 2, 4, 5]) {
    const sequences = Array.from({ length: grid.length ** count }, (_, index) =>
      Array.from({ length: count }, (_, round) => grid[Math.floor(index / grid.length ** round) % grid.length]),
    );
    const wrong = sequences.filter((ratios) =>
      ratios.some((_, measured) => settled(ratios.slice(0, measured + 1), count) && regressed(ratios)),
    );
    expect(wrong, `count ${count}`).toEqual([]);
  }
});

/** `promise`, or a failure once it has not settled in 3 s (an answer the load misreads leaves it waiting). */
const within = <T>(promise: Promise<T>): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no end within 3 s")), 3_000).unref()),
  ]);

it("loads a server over keep-alive sockets, reading answers framed by length or in chunks, and fails on a wrong status", async () => {
  let answered = 0;
  const server = createServer((request, response) => {
    answered++;
    request.resume();
    request.on("end", () => {
      // Every other answer in chunks (no Content-Length), the rest with a length; the body in two writes.
      const chunked = answered % 2 === 0;
      response.writeHead(request.url === "/missing" ? 404 : 200, chunked ? {} : { "Content-Length": 6 });
      response.write("abc");
      response.end("def");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const target = { name: "POST /x", method: "POST", path: "/x", headers: { A: "b" }, body: "{}", status: 200 };
    await within(sendRequests(url, target, 25, 4));
    expect(answered).toBe(25);
    await expect(within(sendRequests(url, { ...target, path: "/missing" }, 5, 2))).rejects.toThrow(
      "expected 200, got 404",
    );
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
