import { expect, it } from "vitest";
import { startingAgainOnTakenPort } from "../src/ports.js";

const taken = () => new Error("wrangler dev exited with code 1: ✘ Address already in use (127.0.0.1:4010)");

it("starts again while a port it found closed was taken, up to three starts in all", async () => {
  let starts = 0;
  const start = async () => {
    starts += 1;
    if (starts < 3) {
      throw taken();
    }
    return "ready";
  };
  await expect(startingAgainOnTakenPort(start)).resolves.toBe("ready");
  expect(starts).toBe(3);

  starts = 0;
  await expect(
    startingAgainOnTakenPort(async () => {
      starts += 1;
      throw taken();
    }),
  ).rejects.toThrow(/Address already in use/);
  expect(starts).toBe(3);
});

it("does not start again on any other failure", async () => {
  let starts = 0;
  await expect(
    startingAgainOnTakenPort(async () => {
      starts += 1;
      throw new Error("wrangler dev printed no URL within 45000 ms");
    }),
  ).rejects.toThrow(/no URL/);
  expect(starts).toBe(1);
});
