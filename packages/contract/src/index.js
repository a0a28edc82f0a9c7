// @ts-check
// The public surface of @petstore/contract: the only reader of openapi/petstore.yaml.
export {};
