#!/usr/bin/env bash
# Runs the mock's behaviour suite again on msw 3 under Node 24 (msw 3 needs Node 22+), in a
# throwaway copy outside the workspace, so the workspace's own msw 2 / Node 20 setup stays as is.
# The copy keeps the repository's layout, so the self-check (packages/conformance) runs there too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

version_of() { node -p "const p = require('$root/packages/$1/package.json'); ({...p.dependencies, ...p.devDependencies})['$2']"; }

mkdir -p "$work/openapi" "$work/packages/mock" "$work/packages/conformance" "$work/packages/contract" "$work/node_modules/@petstore"
cp "$root/openapi/petstore.yaml" "$work/openapi/"
cp -r "$root/packages/mock/src" "$root/packages/mock/test" "$root/packages/mock/bin" "$root/packages/mock/dist" \
  "$root/packages/mock/package.json" "$root/packages/mock/vitest.config.ts" "$work/packages/mock/"
cp -r "$root/packages/conformance/src" "$work/packages/conformance/"
cp -r "$root/packages/contract/src" "$root/packages/contract/package.json" "$work/packages/contract/"
cat > "$work/package.json" <<JSON
{
  "name": "petstore-mock-msw3-check",
  "private": true,
  "type": "module",
  "dependencies": {
    "msw": "^3.0.0",
    "@msw/data": "$(version_of mock @msw/data)",
    "@standard-schema/spec": "$(version_of mock @standard-schema/spec)",
    "vitest": "$(version_of conformance vitest)",
    "ajv": "$(version_of conformance ajv)",
    "ajv-formats": "$(version_of conformance ajv-formats)",
    "yaml": "$(version_of conformance yaml)"
  }
}
JSON
cd "$work"
npm install --no-audit --no-fund --loglevel=error >/dev/null
ln -s "$work/packages/mock" "$work/node_modules/@petstore/mock"
ln -s "$work/packages/contract" "$work/node_modules/@petstore/contract"
echo "msw $(node -p "require('./node_modules/msw/package.json').version") on Node 24:"
cd packages/mock
# The packed-package test installs from the registry and is covered by the main run.
npx --loglevel=error -y node@24 ../../node_modules/vitest/vitest.mjs run --config vitest.config.ts --exclude "test/modules/**" \
  --reporter=minimal --silent=passed-only
