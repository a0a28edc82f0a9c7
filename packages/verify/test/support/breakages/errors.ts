// Breakages of authentication and of error answers.
import type { Breakage } from "../proxy.js";
import { isObject, readJson, withJson } from "./exchange.js";

/** Every request reaches the backend with `key`, whatever key it came with or without one. */
export const acceptAnyKey =
  (key: string): (() => Breakage) =>
  () =>
  (request, upstream) => {
    const headers = new Headers(request.headers);
    headers.set("authorization", `Bearer ${key}`);
    return upstream.forward({ ...request, headers });
  };

/** 401 answers without their `WWW-Authenticate` header. */
export const dropWwwAuthenticate = (): Breakage => async (request, upstream) => {
  const response = await upstream.forward(request);
  if (response.status === 401) {
    response.headers.delete("www-authenticate");
  }
  return response;
};

/** Error answers whose `code` is `from` say `to` instead; status and message are kept. */
export const renameErrorCode =
  (from: string, to: string): (() => Breakage) =>
  () =>
  async (request, upstream) => {
    const response = await upstream.forward(request);
    const error = readJson(response);
    return response.status >= 400 && isObject(error) && error.code === from
      ? withJson(response, { ...error, code: to })
      : response;
  };
