// What a verification run is told: where the backend is, the key, and the bounds of the run.

export interface VerifyOptions {
  /** The backend's base URL, e.g. `https://staging.example.com/api`. */
  baseUrl: string;
  /** A bearer key the backend accepts. */
  apiKey: string;
  /**
   * The commands (calls chosen from the model, each one or a few requests) the run sends. Default 100;
   * up to twice as many while some operation was not called yet.
   */
  steps?: number;
  /** Replays a run: the seed printed by an earlier one. Default: random. */
  seed?: number;
  /** Sends no POST, PUT, PATCH or DELETE: reads and their checks only. */
  readOnly?: boolean;
  /** The most requests per second. Default 25. */
  rate?: number;
  /** The most time the run takes, shrinking included, in milliseconds. Default 120,000. */
  timeLimitMs?: number;
  /** A line of progress now and then (the CLI prints them on stderr). */
  onProgress?: (line: string) => void;
  /** The fetch to send requests with. Default: the global fetch. */
  fetch?: typeof fetch;
}
