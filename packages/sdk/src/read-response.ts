import { PetstoreError } from "./errors.js";

/** Reads a response as openapi-fetch does, as JSON by default; a 2xx that is not JSON is an `UNEXPECTED_RESPONSE`. */
export async function readResponse(request: Request, response: Response, parseAs: string) {
  const contentLength = response.headers.get("Content-Length");
  if (
    response.status === 204 ||
    request.method === "HEAD" ||
    (contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked"))
  ) {
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  }
  if (response.ok && parseAs !== "json") {
    return {
      data:
        parseAs === "stream" ? response.body : await (response as unknown as Record<string, () => unknown>)[parseAs]!(),
      response,
    };
  }
  const raw = await response.text();
  try {
    return response.ok ? { data: raw ? JSON.parse(raw) : undefined, response } : { error: JSON.parse(raw), response };
  } catch (error) {
    if (!response.ok) {
      return { error: raw, response };
    }
    // The API answers JSON: a 2xx that is not (an HTML page, plain text, truncated JSON) is no answer of it.
    throw new PetstoreError(
      {
        code: "UNEXPECTED_RESPONSE",
        message: `HTTP ${response.status}, the body is not JSON: ${raw.slice(0, 200)}`,
        status: response.status,
        method: request.method,
        url: request.url,
      },
      { cause: error },
    );
  }
}
