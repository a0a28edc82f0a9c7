// A finding's reproduction, pasted into bash against the backend, reproduces it and then leaves the
// backend as it was: its curl lines keep the ids of what they create in variables, so they work
// wherever the backend's next ids stand, and the clean-up deletes only what they created.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { DEMO_API_KEY } from "@petstore/mock";
import { afterAll, describe, expect, it } from "vitest";
import { reproductionScript } from "../../src/report/curl.js";
import { API_KEY_VARIABLE, redactKey } from "../../src/report/redact.js";
import { apiAt } from "../support/api.js";
import {
  BROKEN_FETCH_URL,
  brokenBackendKind,
  type RunningBrokenBackend,
  startBrokenBackend,
  verifyBroken,
} from "../support/broken-backends.js";

const kind = brokenBackendKind("cancel-keeps-stock");
const started: RunningBrokenBackend[] = [];
afterAll(() => Promise.all(started.map((backend) => backend.close())));

/** Runs `lines` as one bash script, the key in the environment as a user exports it. */
async function bash(lines: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)("bash", ["--noprofile", "--norc", "-e", "-c", lines.join("\n")], {
    env: { PATH: process.env.PATH, PETSTORE_API_KEY: DEMO_API_KEY },
  });
  return stdout;
}

describe("a finding's reproduction in bash", () => {
  it("reproduces the finding on a backend whose ids moved on, then deletes what it created", async () => {
    const report = await verifyBroken([kind], { seed: 5, steps: 5 });
    const shown = redactKey(report, DEMO_API_KEY);
    const finding = shown.findings.find(
      (candidate) => candidate.check === "model.stock" && candidate.cleanup.length > 0,
    );
    expect(
      finding,
      report.findings.map((candidate) => `${candidate.check} in ${candidate.where}`).join(", "),
    ).toBeDefined();

    const backend = await startBrokenBackend(kind);
    started.push(backend);
    const api = apiAt(backend.url);
    // Records made first, so the ids the backend hands out are not those of the run.
    for (const name of ["Shifted 1", "Shifted 2", "Shifted 3"]) {
      await api("POST", "/categories", { name });
    }
    const state = async () =>
      JSON.stringify(
        await Promise.all(
          ["/pets?limit=100", "/categories?limit=100", "/store/orders?limit=100", "/store/inventory?limit=100"].map(
            async (path) => (await api("GET", path)).list,
          ),
        ),
      );
    const before = await state();

    const script = reproductionScript(finding!.steps, finding!.cleanup, {
      Authorization: `Bearer ${API_KEY_VARIABLE}`,
    });
    const here = (line: string) => line.replaceAll(BROKEN_FETCH_URL, backend.url);
    // One shell, as a user pastes the lines: the clean-up names the variables the steps set.
    const marker = "--- clean-up ---";
    const [output = "", afterCleanup = ""] = (
      await bash([...script.steps, `echo '${marker}'`, ...script.cleanup].map(here))
    ).split(marker);
    expect(afterCleanup).not.toMatch(/HTTP\/[\d.]+ [45]\d\d/);
    // The ids this backend handed out are not the run's: the variables carried them.
    const recordedPet = (JSON.parse(finding!.steps[1]!.response.body) as { id: number }).id;
    expect(Number(/PET_1=(\d+)/.exec(output)?.[1])).not.toBe(recordedPet);

    // The last call answers as it did in the run: the stock the cancel should have returned is missing.
    const last = finding!.steps.at(-1)!;
    const statuses = [...output.matchAll(/HTTP\/[\d.]+ (\d{3})/g)].map((match) => Number(match[1]));
    expect(statuses.at(-1)).toBe(last.response.status);
    const quantity = (body: string) => (JSON.parse(body.slice(body.lastIndexOf("{"))) as { quantity: number }).quantity;
    expect(quantity(output.trimEnd())).toBe(quantity(last.response.body));
    expect(await state()).toBe(before);
  }, 60_000);
});
