// The named states on every server: each server resets a session to `{ namedState, seed }` over the control API
// and answers its state; the SHA-256 of that state's JSON must be the one Node computes of `namedStateSnapshot`
// (which the mock's own test pins, packages/mock/test/named-states.test.ts): the same records on every runtime.
import { NAMED_STATES, namedStateSnapshot } from "@petstore/mock";

/** The seeds each state is compared at. */
export const NAMED_STATE_SEEDS = [1, 7] as const;

/** The session the comparison resets, so that it leaves `default` as it was. */
const SESSION = "named-state-parity";

/** SHA-256 in hex, by crypto.subtle (as every runtime has it). */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `name@seed` of every state and seed compared. */
const cases = () => NAMED_STATES.flatMap((name) => NAMED_STATE_SEEDS.map((seed) => ({ name, seed })));

/** `name@seed` → the hash of the state's JSON, computed in this process (Node). */
export async function namedStateHashesHere(): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const { name, seed } of cases()) {
    hashes[`${name}@${seed}`] = await sha256(JSON.stringify(namedStateSnapshot(name, { seed })));
  }
  return hashes;
}

/** `name@seed` → the hash of the state a server answers once a session is reset to it (`fetch` reaches the server). */
export async function namedStateHashesOf(
  origin: string,
  apiKey: string,
  send: (request: Request) => Promise<Response> = (request) => fetch(request),
): Promise<Record<string, string>> {
  const headers = { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" };
  const session = `${origin}/__petstore/sessions/${SESSION}`;
  const hashes: Record<string, string> = {};
  for (const { name, seed } of cases()) {
    const body = JSON.stringify({ namedState: name, seed });
    const reset = await send(new Request(`${session}/reset`, { method: "POST", headers, body }));
    if (reset.status !== 200) {
      throw new Error(`reset to ${body} answered ${reset.status}: ${await reset.text()}`);
    }
    const state = await send(new Request(`${session}/state`, { headers }));
    hashes[`${name}@${seed}`] = await sha256(JSON.stringify(await state.json()));
  }
  return hashes;
}
