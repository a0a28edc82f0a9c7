import { expect, it, vi } from "vitest";
import { createPetstoreClient } from "../../src/index.js";

// "127.0.0.1:4010" was accepted, and every call then failed on its own with a raw error from
// `new Request` instead of the client saying what was wrong at creation.
it.each(["127.0.0.1:4010", "localhost:4010", "api.example.com", "ftp://api.example.com", "/api"])(
  "throws a TypeError naming baseUrl and the expected form for %j",
  (baseUrl) => {
    expect(() => createPetstoreClient({ baseUrl, apiKey: "key" })).toThrow(TypeError);
    expect(() => createPetstoreClient({ baseUrl, apiKey: "key" })).toThrow(
      `createPetstoreClient: baseUrl must be an http:// or https:// URL, such as "http://127.0.0.1:4010", got ${JSON.stringify(baseUrl)}`,
    );
  },
);

it("accepts http and https URLs, with a path and a trailing slash", () => {
  for (const baseUrl of ["http://127.0.0.1:4010", "https://api.example.com/v1/", "HTTPS://API.EXAMPLE.COM"]) {
    expect(() => createPetstoreClient({ baseUrl, apiKey: "key" })).not.toThrow();
  }
});

it("accepts a path in a browser, where it resolves against the page", () => {
  vi.stubGlobal("location", new URL("https://shop.example/app/"));
  try {
    expect(() => createPetstoreClient({ baseUrl: "/api", apiKey: "key" })).not.toThrow();
    expect(() => createPetstoreClient({ baseUrl: "127.0.0.1:4010", apiKey: "key" })).toThrow(/baseUrl must be/);
  } finally {
    vi.unstubAllGlobals();
  }
});
