// Runs one measurement in its own process (own heap, own globals: msw patches `fetch`) and sends
// its result to the runner. Usage (by run.mjs): node child.mjs <measurement file> '<JSON options>'
import { benchRun } from "./load.mjs";

const [file, options] = process.argv.slice(2);
const parsed = JSON.parse(options);
benchRun.smoke = parsed.smoke === true;
const { default: measure } = await import(file);
const result = await measure(parsed);
process.send(result, () => process.exit(0));
