/**
 * Keeps the CPU busy for `us` microseconds of this process's CPU time (the gate's deliberately slowed build): CPU
 * time, not wall time, so on a loaded machine a spin the scheduler interrupts still costs what it says.
 */
export function spin(us) {
  const started = process.cpuUsage();
  for (;;) {
    const { user, system } = process.cpuUsage(started);
    if (user + system >= us) {
      return;
    }
  }
}
