// `petstore-verify --help`.
import { document } from "@petstore/contract";
import { DEFAULTS } from "../run/settings.js";
import { EXIT } from "./exit.js";

export const USAGE = `Usage: petstore-verify --base-url URL --api-key KEY [--steps N] [--seed N] [--read-only]
                       [--rate N] [--time-limit SECONDS] [--json FILE] [--junit FILE]
       petstore-verify capture --base-url URL --api-key KEY --out FILE ...   (see capture --help)

Checks a running Petstore backend against the Petstore API ${document.info.version} document and the
reference model of its state rules: it sends sequences of calls, checks every response, and
shrinks each difference it finds to the shortest sequence that shows it.

  --base-url URL         the backend's base URL, e.g. https://staging.example.com/api (required)
  --api-key KEY          a bearer key the backend accepts (required; or set PETSTORE_API_KEY)
  --steps N              the commands the run sends, each one or a few requests (default ${DEFAULTS.steps});
                         up to twice as many while an operation was not called yet
  --seed N               replay an earlier run: the seed it printed (default: a random one)
  --read-only            send no POST, PUT, PATCH or DELETE: reads and their checks only
  --rate N               the most requests per second (default ${DEFAULTS.rate})
  --time-limit SECONDS   the most time the run takes, shrinking included (default ${DEFAULTS.timeLimitMs / 1000})
  --json FILE            also write the whole report as JSON to FILE (the key redacted)
  --junit FILE           also write JUnit XML to FILE, for CI: a test case per check kind
  --help                 show this help
  --version              print this tool's version and the API version it checks against

The run writes only records it creates, names them with its run id, and deletes them at the end.
The first line it prints is the seed: "seed 123: replay with --seed 123".

Exit status:
  ${EXIT.nothingFound}  nothing found: the backend did what the document and the model expect
  ${EXIT.differenceFound}  a difference found (each is printed with curl lines that reproduce it)
  ${EXIT.cannotRun}  could not run: a bad flag, the server unreachable, the key refused, or a report
     file that cannot be written; the reason is one line on stderr`;
