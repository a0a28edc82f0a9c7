import { createPetstoreClient, isApiError, type PetstoreClient, PetstoreError } from "@petstore/sdk";
import { type AppConfig, PREFER, type Scenario } from "./config.js";

/**
 * The SDK client of the page. `scenario()` is read before every request, so switching the
 * scenario select takes effect at once, through an openapi-fetch middleware.
 */
export function createClient(config: AppConfig, scenario: () => Scenario): PetstoreClient {
  const client = createPetstoreClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: 8_000 });
  client.use({
    onRequest({ request }) {
      const prefer = PREFER[scenario()];
      if (prefer) {
        request.headers.set("Prefer", prefer);
      }
      return request;
    },
  });
  return client;
}

/** A failure, as the API's Error body or as a `PetstoreError` the SDK threw (network, time-out). */
interface Failure {
  code: string;
  message: string;
  status: number;
}

function asFailure(error: unknown): Failure | null {
  if (isApiError(error)) {
    return error;
  }
  if (error instanceof PetstoreError) {
    // Its message starts with "METHOD /path: "; the person using the page does not need that.
    return {
      code: error.code,
      status: error.status,
      message: error.message.slice(`${error.method} ${error.path}: `.length),
    };
  }
  return null;
}

/** A sentence for the person in front of the page, whatever failed. */
export function friendlyMessage(error: unknown, config: AppConfig): string {
  const failure = asFailure(error);
  if (!failure) {
    return `Something unexpected went wrong: ${error instanceof Error ? error.message : String(error)}`;
  }
  switch (failure.code) {
    case "SERVICE_UNAVAILABLE":
      return "The pet store is taking a short break (503 Service Unavailable). Nothing was changed; please try again in a moment.";
    case "RATE_LIMITED":
      return "Too many requests right now. Please wait a second and try again.";
    case "TIMEOUT":
      return "The pet store is taking too long to answer. Please try again.";
    case "NETWORK_ERROR":
      return `The pet store at ${config.baseUrl} cannot be reached. Is it running?`;
    case "UNAUTHORIZED":
      return "The API key was refused. Set VITE_PETSTORE_API_KEY to a key the server accepts.";
    case "INSUFFICIENT_STOCK":
    case "PET_NOT_AVAILABLE":
      return `Sorry, that pet cannot be ordered now: ${failure.message}.`;
    default:
      if (failure.status === 400 || failure.status === 409 || failure.status === 422) {
        return `Please check what you entered: ${failure.message}.`;
      }
      return `Something went wrong (${failure.code}): ${failure.message}`;
  }
}
