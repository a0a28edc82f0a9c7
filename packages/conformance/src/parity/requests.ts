// The parity suite's requests (issue 36): one list, sent in this order to every server of the mock, each
// from fresh demo data. Every class of request where servers have drifted apart: each route and HEAD, 405,
// preflights and CORS, Host and absolute-form targets, bad bodies, key spellings, Prefer, sessions, the
// control API, odd paths and limits.
import { demoApiKey } from "@petstore/contract";

export interface ParityRequest {
  /** Names the request in a difference, and in the mock README's list of documented differences. */
  readonly name: string;
  readonly method: string;
  /** Origin-form (`/pets?limit=1`), or absolute-form with `{origin}` standing for the server's own origin. */
  readonly target: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The `Host` header sent instead of the server's own; null sends none (wires only). */
  readonly host?: string | null;
}

const key = { Authorization: `Bearer ${demoApiKey}` };
const json = { ...key, "Content-Type": "application/json" };
const alice = { "X-Petstore-Session": "alice" };

const get = (name: string, target: string, headers: Record<string, string> = key): ParityRequest => ({
  name,
  method: "GET",
  target,
  headers,
});
const send = (
  name: string,
  method: string,
  target: string,
  body: unknown,
  headers: Record<string, string> = json,
): ParityRequest => ({
  name,
  method,
  target,
  headers,
  body: typeof body === "string" ? body : JSON.stringify(body),
});

export const PARITY_REQUESTS: readonly ParityRequest[] = [
  // Keys.
  get("no Authorization", "/pets?limit=1", {}),
  get("empty bearer", "/pets?limit=1", { Authorization: "Bearer " }),
  get("Basic scheme", "/pets?limit=1", { Authorization: "Basic cGV0OnN0b3Jl" }),
  get("unknown key", "/pets?limit=1", { Authorization: "Bearer nope" }),
  get("lower-case scheme", "/pets?limit=1", { Authorization: `bearer ${demoApiKey}` }),
  // Every read, and HEAD.
  get("list pets", "/pets?limit=2&offset=1"),
  get("list pets filtered", "/pets?status=available&status=pending&name=e&limit=3"),
  get("get pet (deprecated)", "/pets/1"),
  get("list categories", "/categories?limit=2"),
  get("get category", "/categories/1"),
  get("list orders", "/store/orders?limit=2"),
  get("get order", "/store/orders/1"),
  get("list inventory", "/store/inventory"),
  get("get inventory item", "/store/inventory/1"),
  { name: "HEAD list pets", method: "HEAD", target: "/pets?limit=2", headers: key },
  { name: "HEAD get pet", method: "HEAD", target: "/pets/1", headers: key },
  { name: "HEAD without key", method: "HEAD", target: "/pets", headers: {} },
  // Methods.
  { name: "DELETE /pets (405)", method: "DELETE", target: "/pets", headers: key },
  send("PUT /store/inventory (405)", "PUT", "/store/inventory", { stock: 1 }),
  // CORS.
  {
    name: "preflight from a loopback page",
    method: "OPTIONS",
    target: "/pets",
    headers: {
      Origin: "http://localhost:5173",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, content-type, x-petstore-session",
    },
  },
  {
    name: "preflight from another site",
    method: "OPTIONS",
    target: "/pets",
    headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "DELETE" },
  },
  get("read from a loopback page", "/pets/2", { ...key, Origin: "http://127.0.0.1:3000" }),
  get("read from another site", "/pets/2", { ...key, Origin: "https://evil.example" }),
  // Host.
  { ...get("Host of another site", "/pets?limit=1"), host: "rebind.example" },
  { ...get("Host of localhost", "/pets?limit=1"), host: "localhost" },
  get("absolute-form, another host", "http://evil.example/pets?limit=1"),
  get("absolute-form, this server", "{origin}/pets?limit=1"),
  { ...get("no Host", "/pets?limit=1"), host: null },
  // Bad bodies.
  send("body not JSON", "POST", "/pets", '{"name": "Rex",'),
  send("body not UTF-8 JSON type", "POST", "/pets", "name=Rex", { ...key, "Content-Type": "text/plain" }),
  send("unknown field", "POST", "/pets", { name: "Rex", categoryId: 1, colour: "brown" }),
  send("missing name", "POST", "/pets", { categoryId: 1 }),
  send("name too long", "POST", "/pets", { name: "n".repeat(101), categoryId: 1 }),
  send("unknown category", "POST", "/pets", { name: "Rex II", categoryId: 999 }),
  send("body past the limit", "POST", "/pets", { name: "Big", categoryId: 1, description: "d".repeat(70_000) }),
  // Writes and state rules.
  send("create pet", "POST", "/pets", { name: "Parity", categoryId: 1 }),
  send("patch pet", "PATCH", "/pets/21", { status: "pending" }),
  send("replace pet", "PUT", "/pets/21", { name: "Parity II", categoryId: 2 }),
  send("create category", "POST", "/categories", { name: "Parrots" }),
  send("duplicate category", "POST", "/categories", { name: "parrots" }),
  { name: "delete category in use", method: "DELETE", target: "/categories/1", headers: key },
  send("place order", "POST", "/store/orders", { petId: 2, quantity: 1 }),
  send("place order past stock", "POST", "/store/orders", { petId: 3, quantity: 1_000_000 }),
  send("fulfil order", "PATCH", "/store/orders/1", { complete: true }),
  { name: "cancel complete order", method: "DELETE", target: "/store/orders/1", headers: key },
  send("restock", "PUT", "/store/inventory/2", { stock: 7 }),
  { name: "delete pet", method: "DELETE", target: "/pets/20", headers: key },
  get("deleted pet", "/pets/20"),
  // Prefer.
  get("Prefer code=503", "/pets?limit=1", { ...key, Prefer: "code=503" }),
  get("Prefer code=200 (not an error)", "/pets?limit=1", { ...key, Prefer: "code=200" }),
  get("Prefer delay and an unknown preference", "/pets?limit=1", { ...key, Prefer: "delay=5, colour=blue" }),
  // Sessions.
  send("create in a session", "POST", "/pets", { name: "Alice's", categoryId: 1 }, { ...json, ...alice }),
  get("read in a session", "/pets?name=alice", { ...key, ...alice }),
  get("bad session name", "/pets?limit=1", { ...key, "X-Petstore-Session": "no spaces allowed" }),
  // The control API.
  get("list sessions", "/__petstore/sessions"),
  get("session state", "/__petstore/sessions/alice/state"),
  send("reset a session", "POST", "/__petstore/sessions/alice/reset", { seed: 2 }),
  // Issue 47: a name far longer than any state's gets no "did you mean" (minutes of work once) and a 40-character quote.
  send("reset to a named state of 78 KiB", "POST", "/__petstore/sessions/alice/reset", {
    namedState: `${"=".repeat(80_000)}\n`,
  }),
  { name: "delete a session", method: "DELETE", target: "/__petstore/sessions/alice", headers: key },
  get("state of a session never made", "/__petstore/sessions/ghost/state"),
  get("control without a key", "/__petstore/sessions", {}),
  send("unknown control path", "POST", "/__petstore/nothing", "x", { "Content-Type": "text/plain" }),
  // Issue 48: a session's outcomes over the control API, that session's only, checked against the document.
  send("choose an outcome", "POST", "/__petstore/sessions/carol/outcomes", { operationId: "listPets", status: 503 }),
  send("choose an outcome for every call", "POST", "/__petstore/sessions/carol/outcomes", {
    operationId: "getPet",
    status: 404,
    times: "always",
  }),
  get("list outcomes", "/__petstore/sessions/carol/outcomes"),
  get("another session, without the outcome", "/pets?limit=1"),
  get("the chosen outcome", "/pets?limit=1", { ...key, "X-Petstore-Session": "carol" }),
  get("the outcome used up", "/pets?limit=1", { ...key, "X-Petstore-Session": "carol" }),
  get("the outcome of every call", "/pets/1", { ...key, "X-Petstore-Session": "carol" }),
  send("outcome of no operation", "POST", "/__petstore/sessions/carol/outcomes", {
    operationId: "getPets",
    status: 404,
  }),
  send("outcome status not documented", "POST", "/__petstore/sessions/carol/outcomes", {
    operationId: "listPets",
    status: 404,
  }),
  send("outcome code not listed", "POST", "/__petstore/sessions/carol/outcomes", {
    operationId: "listPets",
    status: 503,
    code: "NOT_FOUND",
  }),
  send("latency out of range", "PUT", "/__petstore/sessions/carol/latency", { latencyMs: 60_001 }),
  send("set a latency", "PUT", "/__petstore/sessions/carol/latency", { latencyMs: 5 }),
  {
    name: "clear an outcome of no operation",
    method: "DELETE",
    target: "/__petstore/sessions/carol/outcomes/getPets",
    headers: key,
  },
  { name: "clear an outcome", method: "DELETE", target: "/__petstore/sessions/carol/outcomes/getPet", headers: key },
  { name: "clear outcomes", method: "DELETE", target: "/__petstore/sessions/carol/outcomes", headers: key },
  send(
    "outcomes without a key",
    "POST",
    "/__petstore/sessions/carol/outcomes",
    { operationId: "listPets", status: 503 },
    {
      "Content-Type": "application/json",
    },
  ),
  // Issue 48, item 1: records of several tables changed as one, checked as `PUT …/state` checks a snapshot.
  send("change: a pet without its inventory entry", "POST", "/__petstore/sessions/dave/changes", {
    changes: [{ table: "pets", put: { id: 21, name: "Whole", categoryId: 1, status: "available" } }],
  }),
  send("change: a pet and its inventory entry", "POST", "/__petstore/sessions/dave/changes", {
    changes: [
      { table: "pets", put: { id: 21, name: "Whole", categoryId: 1, status: "available" } },
      { table: "inventory", put: { petId: 21, quantity: 2, status: "available" } },
    ],
  }),
  get("the pet a change added", "/pets/21", { ...key, "X-Petstore-Session": "dave" }),
  send("change: an unknown table", "POST", "/__petstore/sessions/dave/changes", {
    changes: [{ table: "toys", delete: 1 }],
  }),
  send("change: delete a pet and its inventory entry", "POST", "/__petstore/sessions/dave/changes", {
    changes: [
      { table: "pets", delete: 21 },
      { table: "inventory", delete: 21 },
    ],
  }),
  get("the pet a change deleted", "/pets/21", { ...key, "X-Petstore-Session": "dave" }),
  // The API reference, where a server can read its files.
  get("API reference's try-it target", "/docs/try-it.json", {}),
  // Odd paths and parameters.
  get("dot segments", "/pets/../categories?limit=1"),
  get("double slash", "//pets"),
  get("trailing slash", "/pets/"),
  get("id not a number", "/pets/abc"),
  get("encoded slash", "/pets/1%2F2"),
  get("unknown route", "/nothing"),
  get("limit 0", "/pets?limit=0"),
  get("unknown query parameter", "/pets?colour=brown"),
  get("id past 2^53", "/pets/9007199254740993"),
];
