// Preloaded with `node --expose-gc --import`: collects garbage every 20 ms, so a time-out that holds only
// while something references it (Node 20's AbortSignal.timeout) is collected before it fires.
setInterval(() => globalThis.gc?.(), 20).unref();
