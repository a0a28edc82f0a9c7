// What a server reads from and writes to its wire, as the pipeline (pipeline.ts) takes and gives it: the request once
// its headers arrived, its body as read, and the answer to send.
import type { Later } from "./later.js";

/** A request's body as read: its bytes (null when none came), or past its limit (`tooLarge`, nothing kept). */
export type BodyRead = { readonly body: Uint8Array | null; readonly tooLarge: boolean };

/** What a server knows of a request once its headers have arrived. */
export interface WireRequest {
  /** Upper case. */
  readonly method: string;
  /** As sent: origin-form (`/pets?limit=1`) or absolute-form (`http://127.0.0.1:4010/pets`). */
  readonly target: string;
  /** The `Host` header; undefined when the request has none. */
  readonly host: string | undefined;
  header(name: string): string | null;
  readonly hasBody: boolean;
  /** Reads the body, stopping past `limit` (`tooLarge`) without keeping what follows. */
  readBody(limit: number): Promise<BodyRead>;
  /** `readBody`, handed on within the event that ends the body (node:http); an Error when the body broke off. */
  readBodyLater?(limit: number): Later<BodyRead | Error>;
  /** Lets a body the answer does not need go by unread. */
  skipBody(): Promise<void> | void;
  /** The absolute base URL of this request's links (`Location`, `Link`). */
  baseUrl(): string;
  /** Fires when the client goes away; only a request that can ask for a delay needs one. */
  readonly signal?: AbortSignal;
}

/** What the server sends: the status, the headers as a flat `[name, value, …]` list, and a JSON body or a file. */
export interface WireAnswer {
  status: number;
  headers: string[];
  /** A JSON body, not yet serialised. */
  body?: unknown;
  /** A file of the reference, sent as it is. */
  file?: Uint8Array | string;
  /** Close the connection soon after the answer: the rest of an oversized body is not worth reading. */
  close: boolean;
}
