// The second half of broken-backends.seeds-1.test.ts: each single-defect backend caught on ten seeds.
import { brokenBackendKinds } from "./support/broken-backends.js";
import { sweep } from "./support/seed-sweep.js";

sweep(
  "a single broken rule is caught on every seed (second half)",
  brokenBackendKinds.slice(Math.ceil(brokenBackendKinds.length / 2)),
);
