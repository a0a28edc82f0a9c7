import { DEMO_API_KEY } from "@petstore/mock";
import { describe, expect, it } from "vitest";
import { verify } from "../src/index.js";
import { brokenBackendKinds, startBrokenBackend } from "./support/broken-backends.js";

describe("scratch", () => {
  for (const kind of brokenBackendKinds) {
    it(kind.name, async () => {
      const backend = await startBrokenBackend(kind);
      try {
        for (const seed of [1, 2]) {
          const report = await verify({ baseUrl: backend.url, apiKey: DEMO_API_KEY, rate: 100000, seed, steps: 20 });
          const checks = report.findings.map((f) => `${f.check}@${f.where}`);
          console.log(kind.name, seed, report.requests, report.durationMs, checks.join(" | "), process.env.SHOW ? JSON.stringify(report.findings.map(f=>[f.message,f.expected,f.received]),null,1) : "");
          expect(report.findings.some((f) => (kind.caughtBy as readonly string[]).includes(f.check))).toBe(true);
        }
      } finally {
        await backend.close();
      }
    }, 120_000);
  }
});
