import { describe, expect, it } from "vitest";
import { createPetstoreClient, type PetstoreClientOptions } from "../src/index.js";

const valid: PetstoreClientOptions = { baseUrl: "http://127.0.0.1:4010", apiKey: "k" };

describe("createPetstoreClient options", () => {
  it.each([
    [{ ...valid, baseUrl: "" }, /baseUrl must be an http:\/\/ or https:\/\/ URL/],
    [{ ...valid, apiKey: "" }, /apiKey must be a key or a function returning one/],
    [{ ...valid, timeoutMs: -1 }, /timeoutMs must be a number above 0/],
    [{ ...valid, timeoutMs: Number.NaN }, /timeoutMs/],
    [{ ...valid, retry: { attempts: 0 } }, /retry\.attempts must be a number ≥ 1/],
    [{ ...valid, retry: { baseDelayMs: -5 } }, /retry\.baseDelayMs must be a number ≥ 0/],
  ])("refuses %j with a message naming the option", (options, message) => {
    expect(() => createPetstoreClient(options)).toThrow(message);
  });

  it("catches a missing option at compile time", () => {
    // @ts-expect-error: apiKey is required.
    expect(() => createPetstoreClient({ baseUrl: "http://127.0.0.1:4010" })).toThrow(/apiKey/);
    // @ts-expect-error: timeoutMs is a number.
    expect(() => createPetstoreClient({ ...valid, timeoutMs: "5s" })).toThrow(/timeoutMs/);
  });
});
