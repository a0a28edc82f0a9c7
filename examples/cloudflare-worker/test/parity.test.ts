// One behaviour on every server (issue 36): the parity suite's requests, in order, from fresh demo data, to the
// Worker under wrangler dev and to the Node CLI; they must agree but where the mock's list of documented
// differences (docs/mock/servers.md) names the request (packages/conformance/test/parity.test.ts compares the other servers); and the
// named states its Durable Objects build must be Node's (the same SHA-256, @petstore/conformance/parity/named-states).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  describeDifference,
  differencesOf,
  documentedDifferences,
  verdict,
} from "@petstore/conformance/parity/compare";
import { DEMO_KEY_BEYOND_LOOPBACK, demoKeyVerdict } from "@petstore/conformance/parity/demo-key";
import { namedStateHashesHere, namedStateHashesOf } from "@petstore/conformance/parity/named-states";
import { PARITY_REQUESTS } from "@petstore/conformance/parity/requests";
import { type ParityAnswer, sendRaw } from "@petstore/conformance/parity/send";
import { demoApiKey } from "@petstore/contract";
import { startCli } from "@petstore/testing/cli";
import { expect, it, onTestFinished } from "vitest";
import { startWorker } from "./wrangler.js";

async function answersOf(origin: string): Promise<ParityAnswer[]> {
  const answers: ParityAnswer[] = [];
  for (const request of PARITY_REQUESTS) {
    answers.push(await sendRaw(request, origin));
  }
  return answers;
}

it("the Worker answers as the Node CLI does, but for the mock's documented differences", async () => {
  const cli = await startCli([]);
  let reference: ParityAnswer[];
  try {
    reference = await answersOf(cli.url);
  } finally {
    await cli.stop();
  }
  // The demo-key row (issue 45): the Node CLI bound to 0.0.0.0 without keys, against the Worker called on a public
  // host without PETSTORE_API_KEYS; all but each server's own words on how to set keys.
  const exposed = await startCli(["--host", "0.0.0.0", "--port", "0"]);
  let demoKeyReference: ParityAnswer;
  try {
    demoKeyReference = await sendRaw(DEMO_KEY_BEYOND_LOOPBACK, `http://127.0.0.1:${new URL(exposed.url).port}`);
  } finally {
    await exposed.stop();
  }
  const state = mkdtempSync(join(tmpdir(), "petstore-worker-parity-"));
  const worker = await startWorker(state);
  onTestFinished(async () => {
    await worker.stop();
    rmSync(state, { recursive: true, force: true });
  });
  const answers = await answersOf(worker.url);
  const demoKeyAnswer = await sendRaw({ ...DEMO_KEY_BEYOND_LOOPBACK, host: "petstore.example.com" }, worker.url);
  expect(demoKeyVerdict(demoKeyAnswer), "the Worker answers the demo key beyond loopback otherwise").toEqual(
    demoKeyVerdict(demoKeyReference),
  );
  const sent = PARITY_REQUESTS.map((request) => request.name);
  const found = differencesOf("Worker", PARITY_REQUESTS, reference, answers);
  const { undocumented, stale } = verdict(
    "Worker",
    found,
    documentedDifferences(readFileSync(new URL("../../../docs/mock/servers.md", import.meta.url), "utf8")),
    sent,
  );
  expect(undocumented.map(describeDifference), "the Worker answers otherwise than the Node CLI").toEqual([]);
  expect(
    stale,
    "documented differences of the Worker that no longer differ (remove them from docs/mock/servers.md)",
  ).toEqual([]);
  // The same Worker: each named state a session's Durable Object builds (workerd's engine) is Node's, byte for byte.
  expect(await namedStateHashesOf(worker.url, demoApiKey), "the Worker's named states").toEqual(
    await namedStateHashesHere(),
  );
});
