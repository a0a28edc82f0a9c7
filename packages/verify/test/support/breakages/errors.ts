// Breakages of authentication and of error answers.
import type { Breakage, ProxiedRequest } from "../upstream.js";
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

/** Sends `request` on with `Authorization: Bearer key`. */
const withKey = (request: ProxiedRequest, key: string): ProxiedRequest => {
  const headers = new Headers(request.headers);
  headers.set("authorization", `Bearer ${key}`);
  return { ...request, headers };
};

/** A request without `Authorization` reaches the backend with `key`; a wrong key is still refused. */
export const acceptMissingKey =
  (key: string): (() => Breakage) =>
  () =>
  (request, upstream) =>
    upstream.forward(request.headers.has("authorization") ? request : withKey(request, key));

/** `Authorization: Bearer ` with no token (which arrives trimmed to `Bearer`) reaches the backend with `key`. */
export const acceptEmptyBearer =
  (key: string): (() => Breakage) =>
  () =>
  (request, upstream) =>
    upstream.forward(
      /^bearer\s*$/i.test(request.headers.get("authorization") ?? "-") ? withKey(request, key) : request,
    );

/**
 * `Authorization: Basic <anything>`, and `Token <key>` with the right key, reach the backend as `Bearer key`:
 * a backend that reads the credentials after the first space without looking at the scheme, and takes any
 * Basic credentials for a logged-in user. `Token <a wrong key>` is still refused.
 */
export const acceptOtherSchemes =
  (key: string): (() => Breakage) =>
  () =>
  (request, upstream) => {
    const authorization = request.headers.get("authorization") ?? "";
    const token = /^token\s+(\S+)\s*$/i.exec(authorization)?.[1];
    const accepted = /^basic\s+\S/i.test(authorization) || token === key;
    return upstream.forward(accepted ? withKey(request, key) : request);
  };

/** POST, PUT, PATCH and DELETE without `Authorization` reach the backend with `key`; reads still need one. */
export const writesWithoutKey =
  (key: string): (() => Breakage) =>
  () =>
  (request, upstream) => {
    const isWrite = ["POST", "PUT", "PATCH", "DELETE"].includes(request.method);
    return upstream.forward(isWrite && !request.headers.has("authorization") ? withKey(request, key) : request);
  };
