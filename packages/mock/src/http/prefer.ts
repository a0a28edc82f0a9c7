import { contract } from "../generated/contract.js";
import { ApiError } from "./errors.js";
import type { OperationDescription } from "./router.js";

export interface Preferences {
  /** A documented error status to answer with instead of running the operation. */
  code?: number;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

/**
 * Reads the scenario-control preferences of an RFC 7240 `Prefer` header whose syntax the
 * operation's header validator has already checked.
 */
export function parsePrefer(header: string | null, operation: OperationDescription): Preferences {
  const preferences: Preferences = {};
  if (!header) {
    return preferences;
  }
  for (const part of header.split(",")) {
    const [name, value] = part.trim().split("=") as [string, string];
    const number = Number(value);
    if (name === "code") {
      if (!(operation.errorStatuses as readonly number[]).includes(number)) {
        throw new ApiError(
          400,
          "INVALID_PARAMETER",
          `header Prefer asks for code=${value}, which ${operation.operationId} does not document; use one of ${operation.errorStatuses.join(", ")}`,
        );
      }
      preferences.code = number;
    } else if (name === "delay") {
      if (number > contract.limits.preferDelayMaxMs) {
        throw new ApiError(
          400,
          "INVALID_PARAMETER",
          `header Prefer asks for delay=${value}, more than the limit of ${contract.limits.preferDelayMaxMs} ms`,
        );
      }
      preferences.delayMs = number;
    }
  }
  return preferences;
}

/** The error an operation answers when `Prefer: code=NNN` asks for it: its first documented code for that status. */
export function simulatedError(status: number, operation: OperationDescription): ApiError {
  const codes = (operation.errorCodes as Record<string, readonly string[]>)[String(status)] ?? [];
  const code = (codes[0] ?? "INTERNAL_ERROR") as ApiError["code"];
  const headers: Record<string, string> = {};
  if (status === 401) {
    headers["WWW-Authenticate"] = contract.wwwAuthenticate;
  }
  if (status === 429 || status === 503) {
    headers["Retry-After"] = "1";
  }
  return new ApiError(status, code, `simulated ${status} response, as asked by the Prefer header`, headers);
}
