// Where a standalone request's CPU goes, by stage: each sample of a .cpuprofile is put in the stage of the innermost
// frame on its stack that names one (the mock's functions by name, as the bundle keeps them; node:http's by file).
// The socket write (`writev`) is its own row: under load its samples also count the time the process waited for a
// core after the system call, so the stages are also given as shares of the time outside it.
import { profileTree } from "./cpu-profile.mjs";

/** [stage, test on a frame]; the first stage whose test a frame passes is the frame's. */
const STAGES = [
  ["write (the socket's writev)", (f) => !f.url && f.functionName === "writev"],
  [
    "serialisation (JSON.stringify, Content-Length)",
    (f) => /^(send|serializeBody|jsonPayload|keptSerialisation)$/.test(f.functionName) && /packages\/mock/.test(f.url),
  ],
  [
    "headers (the answer's: paging, CORS, fixed, node:http's header block)",
    (f) =>
      /^(wireAnswer|withConstantHeaders|fixedHeaders|pagingHeaders|canonicalQuery|responseHeaders|linkHeader)$/.test(
        f.functionName,
      ) ||
      (/node:_http_(outgoing|server|common)/.test(f.url) &&
        /^(writeHead|_storeHeader|processHeader|storeHeader|checkInvalidHeaderChar|checkIsHttpToken|validateHeaderName|validateHeaderValue)$/.test(
          f.functionName,
        )),
  ],
  [
    "write (node:http and the stream, less the system call)",
    (f) =>
      /node:(_http_outgoing|net|internal\/stream_base_commons|internal\/streams\/writable)/.test(f.url) ||
      (/node:_http_server/.test(f.url) && /^(resOnFinish|onFinish|emitCloseNT)$/.test(f.functionName)),
  ],
  [
    "store (the operation, the table, copying the answer)",
    (f) =>
      /packages\/mock/.test(f.url) &&
      /^(listPets|getPet|placeOrder|listPage|page|readPage|mergeAscending|copyRecord|withCopiedBody|insert|create|update|add|get|keep|keyOf|revisionOf|change|runNow|execute|run|exclusive|exclusiveNow|runOperation|responseOf|inDocumentOrder|reorderInPlace|assertValidChange|notifyChange|#.*|sanitize)$/.test(
        f.functionName,
      ),
  ],
  [
    "validation (parameters, headers, body)",
    (f) =>
      /packages\/mock/.test(f.url) &&
      /^(validate\w*|parsePathParameters|parseQueryParameters|parseRequest|coerce\w*|validateHeaders|parseBody|checkBody|readJsonBody|describe\w*)$/.test(
        f.functionName,
      ),
  ],
  [
    "routing",
    (f) =>
      /packages\/mock/.test(f.url) &&
      /^(matchRoute|matchPlan|matchSegments|planRoute|decodeSegment|bodyMatters|routeRefusal)$/.test(f.functionName),
  ],
  [
    "access policy (Host, demo key, API key, CORS, session)",
    (f) =>
      /packages\/mock/.test(f.url) &&
      /^(hostRefusal|hostName|isIP|demoKeyRefusal|authenticate|isAuthenticated|requestedSession|peek|take)$/.test(
        f.functionName,
      ),
  ],
  [
    "parse (request target, headers, body read)",
    (f) =>
      (/packages\/mock/.test(f.url) &&
        /^(parseTarget|header|NodeWireRequest|readBody|hasBody|readWhole)$/.test(f.functionName)) ||
      /node:(_http_common|_http_incoming|internal\/streams\/readable)/.test(f.url) ||
      (/node:_http_server/.test(f.url) && /^(parserOnIncoming|socketOnData|onParserExecute\w*)$/.test(f.functionName)),
  ],
  ["the mock's own plumbing (pipeline, app, promises)", (f) => /packages\/mock/.test(f.url)],
  ["garbage collector", (f) => f.functionName === "(garbage collector)"],
];
const OTHER = "node (other: events, timers, microtasks)";

/** `profile`: a parsed .cpuprofile; samples in its first `fromMs` are left out. Returns [stage, share of busy time]. */
export function requestStages(profile, { fromMs = 0 } = {}) {
  const { nodes, parents } = profileTree(profile);
  const stageOfNode = new Map();
  const stageOf = (id) => {
    if (!stageOfNode.has(id)) {
      let stage = OTHER;
      for (let at = id; at !== undefined; at = parents.get(at)) {
        const found = STAGES.find(([, test]) => test(nodes.get(at).callFrame));
        if (found) {
          stage = found[0];
          break;
        }
      }
      stageOfNode.set(id, stage);
    }
    return stageOfNode.get(id);
  };
  const time = new Map();
  let busy = 0;
  let elapsed = 0;
  profile.samples.forEach((id, index) => {
    elapsed += profile.timeDeltas[index] ?? 0;
    const { functionName } = nodes.get(id).callFrame;
    if (elapsed < fromMs * 1000 || functionName === "(idle)" || functionName === "(program)") {
      return;
    }
    const delta = profile.timeDeltas[index] ?? 0;
    busy += delta;
    time.set(stageOf(id), (time.get(stageOf(id)) ?? 0) + delta);
  });
  const syscall = time.get(STAGES[0][0]) ?? 0;
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .map(([stage, us]) => ({
      stage,
      share: us / busy,
      shareOutsideSyscall: stage === STAGES[0][0] ? null : us / (busy - syscall),
    }));
}
