// Reads a V8 CPU profile (.cpuprofile) into where the time went: self time by area, the top
// functions by self time, and the project's own functions by total (inclusive) time.

const AREAS = [
  [/packages\/mock\//, "@petstore/mock"],
  [/packages\/sdk\//, "@petstore/sdk"],
  [/node_modules\/(?!.*node_modules\/)((?:@[^/]+\/)?[^/]+)/, null],
  [/node:internal\/deps\/undici/, "undici (Request, Response, Headers, fetch)"],
  [/node:internal\/(webstreams|encoding|blob)/, "web streams and encoding"],
  [/node:internal\/(abort_controller|event_target|worker\/js_transferable)/, "AbortSignal and EventTarget"],
  [/node:(_http_|net|internal\/stream_base_commons|internal\/streams|stream)/, "node:http, streams and sockets"],
  [/node:internal\/(modules|vm)|node:internal\/bootstrap/, "module loading"],
  [/^node:/, "node (other)"],
];

function areaOf({ url, functionName }) {
  if (!url) {
    // V8 pseudo-nodes keep their name; other native code is JSON, syscalls (writev), regexps...
    return /^\((garbage collector|idle|program)\)$/.test(functionName) ? functionName : "native (JSON, syscalls, …)";
  }
  for (const [pattern, name] of AREAS) {
    const match = pattern.exec(url);
    if (match) {
      return name ?? match[1];
    }
  }
  return "other";
}

const where = ({ url, lineNumber }) =>
  url
    .replace(/^file:\/\/.*\/node_modules\/(?!.*node_modules\/)/, "")
    .replace(/^file:\/\/.*?\/(packages|bench)\//, "$1/")
    .concat(url ? `:${lineNumber + 1}` : "");
/** A profile's nodes by id, and each node's parent id. */
export function profileTree(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parents.set(child, node.id);
    }
  }
  return { nodes, parents };
}

const nameOf = (frame) => `${frame.functionName || "(anonymous)"}${frame.url ? ` ${where(frame)}` : ""}`;

/**
 * `profile`: the parsed .cpuprofile. Samples in the first `fromMs` milliseconds (start-up, warm-up)
 * are left out. Shares are of the busy (not idle) time.
 */
export function summarize(profile, { fromMs = 0, top = 8 } = {}) {
  const { nodes, parents } = profileTree(profile);
  const self = new Map();
  const total = new Map();
  const areas = new Map();
  let busy = 0;
  let idle = 0;
  let elapsed = 0;
  profile.samples.forEach((id, index) => {
    const time = profile.timeDeltas[index] ?? 0;
    elapsed += time;
    if (elapsed < fromMs * 1000) {
      return;
    }
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === "(idle)") {
      idle += time;
      return;
    }
    busy += time;
    self.set(nameOf(frame), (self.get(nameOf(frame)) ?? 0) + time);
    areas.set(areaOf(frame), (areas.get(areaOf(frame)) ?? 0) + time);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const caller = nodes.get(at).callFrame;
      if (/packages\/(mock|sdk)\//.test(caller.url) && !seen.has(nameOf(caller))) {
        seen.add(nameOf(caller));
        total.set(nameOf(caller), (total.get(nameOf(caller)) ?? 0) + time);
      }
    }
  });
  const ranked = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => ({ name, share: time / busy }));
  return {
    busyMs: busy / 1000,
    idleShare: idle / (busy + idle),
    areas: ranked(areas, 10),
    selfTop: ranked(self, top),
    projectTotalTop: ranked(total, top),
  };
}
