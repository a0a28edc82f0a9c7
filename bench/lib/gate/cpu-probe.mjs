// Loaded into each server the gate measures (`node --import cpu-probe.mjs petstore-mock.js`): answers the bench's
// IPC message "cpu" with the process's own CPU time (process.cpuUsage(), µs, user + system), so CPU per request is
// exact rather than counted in /proc's 10 ms ticks; "gc" runs a full collection when the server has --expose-gc. With PETSTORE_BENCH_SLOW_US=N in its environment it also spins
// N µs at every request before the server sees it: the deliberately slowed build that shows the gate fails.
import { Server } from "node:http";
import { spin } from "./spin.mjs";

if (process.send) {
  process.on("message", (message) => {
    if (message === "cpu") {
      const { user, system } = process.cpuUsage();
      process.send({ cpuUs: user + system });
    } else if (message === "gc") {
      // A full collection before a round (the server started with --expose-gc), so a major GC the rounds before
      // left owing does not land in this one: the rounds measure the requests, not when the heap last filled up.
      globalThis.gc?.();
      process.send({ gc: typeof globalThis.gc === "function" });
    }
  });
  // The channel must not keep the server alive once it is told to stop.
  process.channel?.unref();
}

const slowUs = Number(process.env.PETSTORE_BENCH_SLOW_US ?? 0);
if (slowUs > 0) {
  const emit = Server.prototype.emit;
  Server.prototype.emit = function slowedEmit(event, ...args) {
    if (event === "request") {
      spin(slowUs);
    }
    return emit.call(this, event, ...args);
  };
}
