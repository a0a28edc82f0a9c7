// The answers of one turn of the event loop, written together once every request that arrived in it was answered.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { WireAnswer } from "../serve/wire-types.js";
import { lingerThenClose, send } from "./wire.js";

/**
 * Writing an answer the moment it is decided wakes a client that went to sleep waiting for it, once per answer, and
 * on one machine that wake-up is paid inside the server's write: under load it was the largest cost of a request
 * (bench/RESULTS.md, section 6a). Kept until the event loop's check phase, after node:http has handed on every
 * request that arrived in this turn, the answers go out back to back and the client wakes once for them all. A
 * lone request waits microseconds more; a connection's answers keep their order (node:http queues them).
 */
export class WriteBatch {
  /** `[request, response, answer, …]`: no object per answer on the hot path. */
  #waiting: (IncomingMessage | ServerResponse | WireAnswer)[] = [];
  #stopping = false;
  readonly #flush = () => this.#writeAll();

  add(request: IncomingMessage, response: ServerResponse, answer: WireAnswer): void {
    if (this.#waiting.length === 0) {
      setImmediate(this.#flush);
    }
    this.#waiting.push(request, response, answer);
  }

  /** The server is stopping: every answer written from now on (waiting, or decided later) closes its connection. */
  stop(): void {
    this.#stopping = true;
  }

  #writeAll(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    let failure: { error: unknown } | undefined;
    for (let at = 0; at < waiting.length; at += 3) {
      const request = waiting[at] as IncomingMessage;
      const response = waiting[at + 1] as ServerResponse;
      const answer = waiting[at + 2] as WireAnswer;
      if (response.destroyed) {
        continue;
      }
      // One answer that cannot be written (a programming error) loses its connection, not the others' answers.
      try {
        if (this.#stopping && !response.headersSent) {
          response.setHeader("Connection", "close");
        }
        send(response, answer);
      } catch (error) {
        response.destroy();
        failure ??= { error };
        continue;
      }
      if (answer.close && !request.complete) {
        lingerThenClose(request);
      }
    }
    if (failure) {
      throw failure.error;
    }
  }
}
