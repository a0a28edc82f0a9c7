// bun/: the mock served by Bun.serve over serve/'s Fetch handler, its data kept in a file if asked.
export { serveWithBun } from "./serve-with-bun.js";
