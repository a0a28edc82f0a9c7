// Section 1d of bench/RESULTS.md: the regression gate's figures (bench/gate.mjs).

/** Section 1d, rendered with the report's own helpers. */
export function gateSection(gate, { table, x, us, range }) {
  const slowed = gate.slowUs
    ? `\n\n**This run slowed this build on purpose** (\`PETSTORE_BENCH_SLOW_US=${gate.slowUs}\`: a ${gate.slowUs} µs busy loop in every request of this build's server and every in-process call): it shows that the gate fails.`
    : "";
  return `## 1d. The regression gate: CPU per request, this build against the one before

\`node bench/run.mjs --only gate [--baseline REF|DIR]\` (\`bench/gate.mjs\`; \`pnpm bench:smoke\` runs it in CI and fails on a
regression): this build against **${gate.baseline}** (${gate.why}; built once outside the repository by
\`bench/lib/baseline-build.mjs\`). Server CPU per request is the \`petstore-mock\` process's own \`process.cpuUsage()\`
(read over IPC before and after each round) over ${gate.requests.toLocaleString("en-US")} requests sent ${gate.connections} at a time over keep-alive
connections; the in-process call is the SDK through each build's \`createPetstoreFetch\`, ${gate.calls.toLocaleString("en-US")} calls a round in a
process per build. ${gate.rounds} interleaved rounds per target (each build first every other round; a smoke run stops once the
rounds measured decide that the target passes), after a warm-up, each
round after a full GC in the measured process (so a major collection owed by earlier rounds does not land in one). The ratio
is this build / baseline, the median of the per-round ratios (their range in brackets). **A regression**: a median over
${x(gate.worse)} with every round over 1.00×; it is measured again, and counts only if it regresses again.${slowed}

${table(
  ["target", "baseline CPU per request", "this build", "ratio (rounds)", "verdict"],
  gate.results.map((result) => [
    result.name,
    us(result.baseline),
    us(result.current),
    `**${x(result.ratio)}** (${range(result.ratioRange)}${result.measured < gate.rounds ? `; ${result.measured} of ${gate.rounds} rounds` : ""})${result.first ? `; first measured ${x(result.first.ratio)} (${range(result.first.ratioRange)})` : ""}`,
    result.regressed ? "**regressed**" : "passes",
  ]),
)}`;
}
