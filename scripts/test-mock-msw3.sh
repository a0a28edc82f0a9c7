#!/usr/bin/env bash
# Runs the mock's behaviour suite again on msw 3 under Node 24 (msw 3 needs Node 22+), in a
# throwaway project outside the workspace, so the workspace's own msw 2 / Node 20 setup stays as is.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

mock_version() { node -p "require('$root/package.json').devDependencies['$1'] ?? require('$root/packages/mock/package.json').devDependencies['$1'] ?? require('$root/packages/mock/package.json').dependencies['$1']"; }

mkdir -p "$work/mock"
cp -r "$root/packages/mock/src" "$root/packages/mock/test" "$root/packages/mock/bin" "$root/packages/mock/dist" "$work/mock/"
cp "$root/packages/mock/package.json" "$root/packages/mock/vitest.config.ts" "$work/mock/"
cat > "$work/mock/package.json" <<JSON
{
  "name": "petstore-mock-msw3-check",
  "private": true,
  "type": "module",
  "dependencies": {
    "msw": "^3.0.0",
    "@msw/data": "$(mock_version @msw/data)",
    "@standard-schema/spec": "$(mock_version @standard-schema/spec)",
    "vitest": "$(mock_version vitest)"
  }
}
JSON
cd "$work/mock"
npm install --no-audit --no-fund --loglevel=error >/dev/null
echo "msw $(node -p "require('./node_modules/msw/package.json').version") on Node 24:"
npx -y node@24 node_modules/vitest/vitest.mjs run --config vitest.config.ts
