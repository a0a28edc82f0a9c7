// @ts-check
// A log file that a server in another process appends to (`petstore-mock --log > FILE`), read from a point on:
// the lines of one test are those written since it started.
import { open } from "node:fs/promises";

/**
 * What the file holds from byte `offset` on (its size at a test's start, from `stat`).
 * @param {string} path
 * @param {number} offset
 * @returns {Promise<string>}
 */
export async function readLogFrom(path, offset) {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    const buffer = Buffer.alloc(Math.max(0, size - offset));
    await file.read(buffer, 0, buffer.length, offset);
    return buffer.toString("utf8");
  } finally {
    await file.close();
  }
}
