// The Fetch API wire's writer: the pipeline's answer as a Response (Deno, Bun, the Worker, and the refusals the
// standalone servers answer by themselves).
import { keptSerialisation } from "../core/kept-answers.js";
import type { WireAnswer } from "./wire-types.js";

const encoder = new TextEncoder();

/** The answer as a Fetch API response; to `HEAD`, the headers of the body (its length too) without it. */
export function toResponse(answer: WireAnswer, method: string): Response {
  const headers = new Headers();
  for (let index = 0; index < answer.headers.length; index += 2) {
    headers.append(answer.headers[index]!, answer.headers[index + 1]!);
  }
  let payload: Uint8Array | string | undefined = answer.file;
  if (answer.body !== undefined) {
    // Its length stated, as node:http states it, to HEAD too (where no body follows).
    // A kept answer's JSON is made once (kept-answers.ts); its bytes are copied into each Response anyway.
    const kept = keptSerialisation(answer.body);
    let json: string;
    if (kept === undefined) {
      json = JSON.stringify(answer.body);
    } else {
      kept.json ??= JSON.stringify(answer.body);
      json = kept.json;
    }
    payload = encoder.encode(json);
    headers.set("Content-Type", "application/json");
    headers.set("Content-Length", String(payload.byteLength));
  }
  const body = method === "HEAD" || payload === undefined ? null : payload;
  return new Response(body as BodyInit | null, { status: answer.status, headers });
}
