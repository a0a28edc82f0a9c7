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

  it("refuses a missing or mistyped option from JavaScript, where no compiler catches it", () => {
    // The compile-time errors for the same calls are in options.test-d.ts.
    const missingKey: unknown = { baseUrl: "http://127.0.0.1:4010" };
    expect(() => createPetstoreClient(missingKey as PetstoreClientOptions)).toThrow(/apiKey/);
    const textTimeout: unknown = { ...valid, timeoutMs: "5s" };
    expect(() => createPetstoreClient(textTimeout as PetstoreClientOptions)).toThrow(/timeoutMs/);
  });
});
