// Preloaded (node --expose-gc --import) into petstore-mock by startCli's `memoryProbe`: answers an
// IPC "memory" message with process.memoryUsage() after a full garbage collection.
process.on("message", (message) => {
  if (message === "memory") {
    globalThis.gc?.();
    globalThis.gc?.();
    process.send?.(process.memoryUsage());
  }
});
// The IPC channel must not keep the CLI alive once its server stops.
process.channel?.unref();
