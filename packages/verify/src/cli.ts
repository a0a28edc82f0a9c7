#!/usr/bin/env node
// petstore-verify: the process around main() (src/cli/main.ts).
import { main } from "./cli/main.js";

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: Error) => {
    process.stderr.write(`petstore-verify: ${error.message}\n`);
    process.exitCode = 2;
  },
);
