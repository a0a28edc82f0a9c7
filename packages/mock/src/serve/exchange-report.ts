// A server's own stream of exchanges: `onResponse` and the `--log` line, observers of the one exchange record.
import { createExchangeLog, type ExchangeLog, type ExchangeRequest } from "../core/inspect/exchanges.js";
import { logLine, type PetstoreServerSettings } from "./settings.js";

/** The server's exchange log with `onResponse` and `log` observing it; undefined when neither is asked for. */
export function serverExchangeLog(
  settings: Pick<PetstoreServerSettings, "onResponse" | "log">,
): ExchangeLog | undefined {
  const { onResponse, log } = settings;
  // biome-ignore lint/suspicious/noConsole: the log option's default is stdout, as the CLI's --log.
  const print = log === true ? (line: string) => console.log(line) : log || undefined;
  if (!onResponse && !print) {
    return undefined;
  }
  const exchanges = createExchangeLog();
  if (onResponse) {
    exchanges.observe(onResponse);
  }
  if (print) {
    exchanges.observe((exchange) => print(logLine(exchange)));
  }
  return exchanges;
}

/** What a server's record reads of a request it answered before (or without) the app. */
export function wireExchangeRequest(
  method: string,
  path: string,
  rawQuery: string,
  baseUrl: () => string,
  header: (name: string) => string | null,
  body: Uint8Array | null,
): ExchangeRequest {
  return {
    method,
    path,
    query: new URLSearchParams(rawQuery),
    get baseUrl() {
      return baseUrl();
    },
    header,
    body,
  };
}
