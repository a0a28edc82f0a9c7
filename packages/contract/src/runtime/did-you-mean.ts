// An unknown flag of the CLI answered with the known one it was probably meant to be: `--prot` → `--port`.

/** The edit distance of `a` and `b`: insertions, deletions, substitutions and swaps of two neighbours. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known flag (a name such as `port`, given as `--port`) that `flag` (`--prot`, `-port`, `--Port=80`) is
 * most likely a typo of, as `closestName` finds it. The name is cut out of the flag by index, not by a regular
 * expression: `/=.*$/` on a long line of `=` takes time that grows with the square of its length.
 */
export function closestFlag(flag: string, known: readonly string[]): string | undefined {
  let start = 0;
  while (flag[start] === "-") {
    start++;
  }
  const equals = flag.indexOf("=", start);
  const end = equals === -1 ? flag.length : equals;
  if (end - start > longestComparable(known)) {
    return undefined;
  }
  const name = closestName(flag.slice(start, end), known);
  return name === undefined ? undefined : `--${name}`;
}

/**
 * The longest name that can be a typo of one of `known`: within a third of its length of one, it is at most
 * half as long again as the longest (twice, to keep a margin). A longer one is not compared at all, so what an
 * edit distance costs (the product of the lengths) stays bounded whatever was sent.
 */
const longestComparable = (known: readonly string[]) => 2 * Math.max(0, ...known.map((name) => name.length));

/**
 * The known name (`busy-orders`) that `given` (`busy-order`, `Busy-Orders`) is most likely a typo of: the same
 * name in other case, the one name it begins, or the nearest within a third of its length (at least one edit).
 * Undefined when none is that close, or two are equally close, and at once for a name longer than any could be.
 * Every "did you mean" of the CLI and the mock goes through here.
 */
export function closestName(given: string, known: readonly string[]): string | undefined {
  if (given.length > longestComparable(known)) {
    return undefined;
  }
  const name = given.toLowerCase();
  if (name === "") {
    return undefined;
  }
  if (known.includes(name)) {
    return name;
  }
  const begun = known.filter((candidate) => candidate.startsWith(name));
  if (begun.length === 1) {
    return begun[0];
  }
  const ranked = known
    .map((candidate) => ({ candidate, distance: editDistance(name, candidate) }))
    .sort((x, y) => x.distance - y.distance);
  const [first, second] = ranked;
  const tolerance = Math.max(1, Math.floor(name.length / 3));
  return first && first.distance <= tolerance && first.distance !== second?.distance ? first.candidate : undefined;
}

/**
 * node:util's message for a flag it does not know (`Unknown option '--prot'`), with the flag it was
 * probably meant to be; any other message as it is.
 */
export function withSuggestion(message: string, known: readonly string[]): string {
  const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
  const suggestion = unknown === undefined ? undefined : closestFlag(unknown, known);
  return unknown === undefined
    ? message
    : `Unknown option '${unknown}'${suggestion ? `: did you mean ${suggestion}?` : ""}`;
}
