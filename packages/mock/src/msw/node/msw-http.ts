// msw's `http` alone, for the Node entry. msw's main entry also loads its GraphQL support (about 90 ms
// per process, paid by every test file), so this takes the subpath that holds only `http`: msw 2 ships
// it as `msw/core/http`, msw 3 as `msw/http`. The CommonJS build reads msw-http.cjs.ts instead (no
// top-level await there); tsup.config.ts swaps it in.
import type { MswHttp } from "../handlers.js";

const load = (specifier: string) => import(specifier) as Promise<{ http: MswHttp }>;

export const { http } = await load("msw/core/http").catch(() => load("msw/http"));
