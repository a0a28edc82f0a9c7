import { describe, it } from "vitest";
import { createPetstoreClient, type PetstoreClientOptions } from "../src/index.js";

const valid: PetstoreClientOptions = { baseUrl: "http://127.0.0.1:4010", apiKey: "k" };

describe("createPetstoreClient options", () => {
  it("catches a missing or mistyped option at compile time", () => {
    // @ts-expect-error: apiKey is required.
    createPetstoreClient({ baseUrl: "http://127.0.0.1:4010" });
    // @ts-expect-error: timeoutMs is a number.
    createPetstoreClient({ ...valid, timeoutMs: "5s" });
    createPetstoreClient({ ...valid, timeoutMs: 5000, retry: true, onDeprecation: false });
  });
});
