// Prism in proxy mode, the referee of the conformance suite, started like every child process of the
// tests (@petstore/testing) on 127.0.0.1 and a free port. The petstore-mock CLI is @petstore/testing/cli.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { documentPath } from "@petstore/contract";
import { spawnWatched, type Watched } from "@petstore/testing/process";

const require = createRequire(import.meta.url);

export type RunningPrism = Watched & { url: string };

/** Prism's CLI, as installed in this package. */
const prismPath = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");

/**
 * Prism in proxy mode in front of `upstream`, validating every response against the document with
 * `--errors` (a response that breaks the document becomes a Prism error). Request validation is off,
 * so documented error cases reach the mock instead of being answered by Prism.
 */
export async function startPrism(upstream: string): Promise<RunningPrism> {
  const prism = spawnWatched(
    process.execPath,
    [
      prismPath,
      "proxy",
      documentPath,
      upstream,
      "--errors",
      "--validate-request=false",
      "--host",
      "127.0.0.1",
      // Prism prints the port it got.
      "--port",
      "0",
    ],
    { name: "prism proxy", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
  );
  const url = await prism.printed(/Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/, { timeoutMs: 60_000 });
  return { ...prism, url };
}
