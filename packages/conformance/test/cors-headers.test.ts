// The CORS headers the standalone mock sends to an allowed origin must match what the document
// declares for them (they are optional: the MSW and in-memory adapters send none).
import { demoApiKey } from "@petstore/contract";
import { checkFetchExchange, formatViolation } from "@petstore/contract/checker";
import { type RunningCli, startCli } from "@petstore/testing/cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const servers: RunningCli[] = [];
afterAll(() => Promise.all(servers.map((server) => server.stop())));

const requests: { method: string; path: string; key?: boolean; body?: string }[] = [
  { method: "GET", path: "/pets?limit=1&offset=1" },
  { method: "POST", path: "/pets", body: JSON.stringify({ name: "Rex", categoryId: 1 }) },
  { method: "GET", path: "/pets/999999" },
  { method: "POST", path: "/pets", body: "{" },
  { method: "GET", path: "/pets", key: false },
];

describe.each([
  { corsOrigins: [], origin: "http://localhost:5173", allowOrigin: "http://localhost:5173" },
  { corsOrigins: ["--cors-origin", "*"], origin: "https://app.example.com", allowOrigin: "*" },
])("the CORS headers of the standalone mock with $corsOrigins", ({ corsOrigins, origin, allowOrigin }) => {
  let mock: RunningCli;
  beforeAll(async () => {
    mock = await startCli(corsOrigins);
    servers.push(mock);
  });

  it.each(requests)("match the document on $method $path", async ({ method, path, key = true, body }) => {
    const url = `${mock.url}${path}`;
    const headers: Record<string, string> = { Origin: origin };
    if (key) {
      headers.Authorization = `Bearer ${demoApiKey}`;
    }
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
    }
    const response = await fetch(url, { method, headers, body });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(allowOrigin);
    expect(response.headers.get("Access-Control-Expose-Headers")).not.toBeNull();
    const violations = await checkFetchExchange({ method, url }, response, mock.url);
    expect(violations.map(formatViolation)).toEqual([]);
  });
});
