// The options of a run, checked and completed with their defaults; a bad one is a `CannotRun`
// naming the option.

import type { VerifyOptions } from "../options.js";
import { CannotRun } from "../report.js";

export interface Settings {
  baseUrl: string;
  apiKey: string;
  steps: number;
  seed: number;
  readOnly: boolean;
  rate: number;
  timeLimitMs: number;
  onProgress: (line: string) => void;
  fetch: typeof fetch;
}

export const DEFAULTS = { steps: 100, rate: 25, timeLimitMs: 120_000 } as const;

function positive(name: string, value: number, integer: boolean): number {
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new CannotRun(`${name} must be a positive ${integer ? "integer" : "number"}, got ${value}`);
  }
  return value;
}

function baseUrlOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CannotRun(`baseUrl must be an http(s) URL, got ${JSON.stringify(text)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CannotRun(`baseUrl must be an http(s) URL, got ${JSON.stringify(text)} (${url.protocol})`);
  }
  if (url.search || url.hash) {
    throw new CannotRun(`baseUrl must not have a query or a fragment, got ${JSON.stringify(text)}`);
  }
  return url.href.replace(/\/+$/, "");
}

export function settingsOf(options: VerifyOptions): Settings {
  if (typeof options.apiKey !== "string" || options.apiKey.trim() === "") {
    throw new CannotRun("apiKey is empty: give the bearer key the backend accepts");
  }
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) {
    throw new CannotRun(`seed must be an integer, got ${options.seed}`);
  }
  return {
    baseUrl: baseUrlOf(options.baseUrl),
    apiKey: options.apiKey,
    steps: positive("steps", options.steps ?? DEFAULTS.steps, true),
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    readOnly: options.readOnly ?? false,
    rate: positive("rate", options.rate ?? DEFAULTS.rate, false),
    timeLimitMs: positive("timeLimitMs", options.timeLimitMs ?? DEFAULTS.timeLimitMs, false),
    onProgress: options.onProgress ?? (() => {}),
    fetch: options.fetch ?? globalThis.fetch,
  };
}
