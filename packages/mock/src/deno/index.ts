// deno/: the mock served by Deno.serve over serve/'s Fetch handler, its data kept in a file if asked.
export { serveWithDeno } from "./serve-with-deno.js";
