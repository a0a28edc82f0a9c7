// @petstore/mock/node: the mock inside Node test runners (msw/node) and as an HTTP server.
export * from "./msw/node/setup-server.js";
