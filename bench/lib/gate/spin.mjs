/** Keeps the CPU busy for `us` microseconds (the gate's deliberately slowed build). */
export function spin(us) {
  const until = performance.now() + us / 1000;
  while (performance.now() < until) {
    // busy
  }
}
