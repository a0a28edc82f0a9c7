// The CommonJS build's msw-http.ts (see there): the same choice of subpath, made with require.
import type { MswHttp } from "../handlers.js";

function load(): MswHttp {
  try {
    return require("msw/core/http").http;
  } catch {
    return require("msw/http").http;
  }
}

export const http = load();
