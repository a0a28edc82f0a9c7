// bench/report.mjs renders every measurement it is given, figures or not: a smoke run's half-second window on a
// loaded machine (`pnpm test` runs the smoke beside the unit tests) can answer no request, and a ratio over it is
// NaN or Infinity, null once sent from the measuring process as JSON. It crashed the smoke run once.
import { expect, it } from "vitest";
import { renderReport } from "../bench/report.mjs";

const emptyRound = { rps: 0, p50: 0, p99: 0, mean: null, serverCpuUsPerRequest: null };
const noFigures = { raw: emptyRound, mock: emptyRound, ratio: null, ratioRange: [null, null], cpuRatio: null };

it("renders a throughput run whose rounds answered nothing, with n/a for the figures it lacks", async () => {
  const throughput = {
    connections: 2,
    duration: 0.5,
    rounds: 1,
    results: ["GET /pets?limit=20", "POST /store/orders"].map((name) => ({ name, ...noFigures })),
    stateFile: { name: "POST /store/orders", memory: emptyRound, stateFile: emptyRound, ...noFigures },
  };
  const { markdown } = await renderReport({ throughput }, { smoke: true, failures: [], loadAtStart: [0, 0, 0] });
  expect(markdown).toContain("| GET /pets?limit=20 | 0 | 0 | **n/a×** (n/a–n/a) |");
});
