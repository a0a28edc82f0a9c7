// The usage text of petstore-mock (--help).
import { DEMO_API_KEY } from "../core/app.js";
import { contract } from "../core/generated/contract.js";
import { DEFAULT_SESSION_LIMITS } from "../core/sessions/session-limits.js";
import { MAX_STATE_SEED, NAMED_STATES } from "../core/store/named-state-names.js";
import { DEFAULT_PORT } from "../standalone/options.js";
import { SHUTDOWN_GRACE_MS } from "./cli-options.js";

export const USAGE = `Usage: petstore-mock [--host 127.0.0.1] [--port ${DEFAULT_PORT}] [--api-key KEY]... [--allow-demo-key]
                     [--seed N | --empty | --named-state NAME [--seed N]] [--state FILE]
                     [--delay MS] [--allowed-host NAME]... [--cors-origin ORIGIN]... [--log]
                     [--max-sessions N] [--max-records N] [--session-ttl SECONDS]

Serves every operation of the Petstore API ${contract.version} from memory.

  --host HOST            interface to bind (default 127.0.0.1); any other than loopback makes the
                         mock reachable from your network: it warns so, and refuses the demo key
                         there unless --api-key or --allow-demo-key is given
  --port PORT            port to bind, 0 for a free one (default ${DEFAULT_PORT})
  --api-key KEY          accept this bearer key; repeat for several (default ${DEMO_API_KEY})
  --allow-demo-key       accept the demo key beyond loopback on purpose (a public sandbox)
  --seed N               start with demo data of N pets, 0 to ${contract.limits.maxPets} (default 20)
  --empty                start with no data at all
  --named-state NAME     start with a named state: ${NAMED_STATES.join(", ")};
                         with it, --seed N is the seed of the state's pseudo-random choices (0 to
                         ${MAX_STATE_SEED}, default 1), not a number of pets. Not with --state or --empty
  --state FILE           keep the data in FILE between starts: load it at start (a new FILE starts
                         from --seed or --empty, an existing one wins over them), write every change
                         back within 250 ms and on stop; readable JSON you may edit while the mock
                         is stopped. A FILE that is not a valid state stops the start (exit 2)
  --delay MS             wait MS milliseconds before every response, on top of any Prefer: delay
  --allowed-host NAME    also answer requests whose Host is NAME (IP addresses, localhost and the
                         --host name always are); .example.com allows its subdomains too, '*' any
                         name (no protection against DNS rebinding); repeat for several
  --cors-origin ORIGIN   also let pages from ORIGIN (e.g. https://app.example.com) call the mock
                         (pages on localhost, 127.0.0.1 and [::1] always may); '*' lets any page;
                         repeat for several
  --log                  print one line per request: METHOD PATH STATUS OPERATION TIME [session=NAME]
  --max-sessions N       serve at most N sessions at once, default included (default
                         ${DEFAULT_SESSION_LIMITS.maxSessions}); a request naming one more in its ${contract.sessionHeader.name}
                         header gets 507 MOCK_LIMIT_REACHED
  --max-records N        hold at most N records (categories, pets and orders) across all sessions
                         (default ${DEFAULT_SESSION_LIMITS.maxRecords}, about 450 MB); a create past it gets 507
  --session-ttl SECONDS  delete sessions unused for SECONDS (default: keep them; never default)
  --help                 show this help
  --version              print the mock's version and the version of the API it implements

The API reference is served at /docs/ (no key needed for the page); its try-it calls this server.

On SIGINT or SIGTERM it stops accepting connections, lets requests in flight finish for up to
${SHUTDOWN_GRACE_MS / 1000} seconds, writes the --state file, and exits 0.`;
